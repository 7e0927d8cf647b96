import { defineConfig } from 'vitest/config';
import { TEST_ALIASES } from './test/aliases';

// `npm run test:e2e`: browser tests in Debian chromium against the simulator serving a build of
// the app. One worker, one file at a time (the machine is shared), long timeouts.
export default defineConfig({
  resolve: { alias: TEST_ALIASES },
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
