// Every file runs in a shared module graph (vitest.config.ts: isolate false), so what a test
// changes of the process is put back after it, whichever file it came from.
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
