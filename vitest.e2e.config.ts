import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { TEST_ALIASES } from './test/aliases';

/**
 * The files that take longest, longest first (seen in a two-worker run on 2026-11-25, load
 * average 15-20). Each file starts its own simulator and Chromium, so two files run side by side
 * on the two cores; started longest first, the last files to start are short ones and the two
 * workers end close together. The walks (axe and layout on every screen) are a file per demo user
 * (it was one file of four concurrent walks, 213-254 s, the long pole of the run). A file not
 * listed runs after these.
 */
const LONGEST_FIRST = [
  'a11y-walk-newbie',
  'a11y-walk-leader',
  'a11y-walk-trader',
  'a11y-walk-follower',
  'a11y-keyboard',
  'assets-money',
  'screens',
  'shell',
  'a11y',
  'replay',
  'assets-earn',
  'replay-seek',
  'layout',
  'monitoring',
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
    // The files share their worker's modules (the simulator, playwright-core, the app's sources
    // they import): imported once per worker, not once per file (import time 131 s -> 28 s summed
    // over the files). Each file starts and stops its own simulator and Chromium.
    isolate: false,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
