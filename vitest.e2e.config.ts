import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { TEST_ALIASES } from './test/aliases';

/**
 * The files that take longest, longest first (seen in a two-worker run on 2026-11-25). Each file
 * starts its own simulator and Chromium, so two files run side by side on the two cores; started
 * longest first, the last file to start is a short one and the two workers end close together.
 * A file not listed runs after these.
 */
const LONGEST_FIRST = [
  'a11y',
  'assets-overview',
  'layout',
  'screens',
  'assets-money',
  'shell',
  'assets-earn',
  'monitoring',
  'replay',
  'replay-seek',
];
const rank = (spec: TestSpecification) => {
  const i = LONGEST_FIRST.indexOf(basename(spec.moduleId).replace(/\.e2e\.test\.ts$/, ''));
  return i === -1 ? LONGEST_FIRST.length : i;
};
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

// `npm run test:e2e`: browser tests in Debian chromium against the simulator serving a build of
// the app (global-setup.ts builds it once). Two files at a time, long ceilings (never assertions).
export default defineConfig({
  resolve: { alias: TEST_ALIASES },
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/support/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
