// Every file runs in a shared module graph (vitest.config.ts: isolate false), so what a test
// changes of the process is put back after it, whichever file it came from.
import { afterEach, beforeEach, vi } from 'vitest';

/** A fake clock's function carries its clock (@sinonjs/fake-timers, under vi.useFakeTimers). */
type Faked = typeof setTimeout & { clock?: { uninstall?: () => void } };

/**
 * Fake timers still installed when a test starts or ends: put the real ones back and say so, or
 * fail at once. On 2026-11-28 a unit test that needs a real 20 ms timer waited its 300 s ceiling
 * (twice in a row, in the full suite): a test of another file in the same worker had spied on the
 * global setTimeout over a fake clock, and the spy's restore put the clock's function back after
 * the clock was gone (test/unit/i18n/backend.test.ts, since rewritten). A clock keeps what it
 * replaced, so uninstalling it restores exactly the timers it found; a dead one is an error that
 * names the test, not a hang.
 */
function restoreLeakedFakeTimers(where: string): void {
  vi.useRealTimers();
  let layers = 0;
  // Clocks can be stacked (one installed over another): each uninstall puts back what it found.
  for (let fn = globalThis.setTimeout as Faked; fn.clock?.uninstall; layers++) {
    fn.clock.uninstall();
    if (globalThis.setTimeout === fn) {
      throw new Error(`[test setup] a dead fake setTimeout is installed ${where}`);
    }
    fn = globalThis.setTimeout as Faked;
  }
  if (layers > 0) {
    console.warn(`[test setup] ${layers} fake clock(s) left installed, removed ${where}`);
  }
}

beforeEach((ctx) => {
  restoreLeakedFakeTimers(`before "${ctx.task.name}" (${ctx.task.file.name})`);
});

afterEach((ctx) => {
  restoreLeakedFakeTimers(`after "${ctx.task.name}" (${ctx.task.file.name})`);
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
