import { defineConfig } from 'vitest/config';
import { TEST_ALIASES } from './test/aliases';
import react from '@vitejs/plugin-react';

/**
 * Test projects. `npm test` runs unit, dom, replay and the fast integration tests (in-process
 * servers); `npm run test:integration` the slow ones (real child processes, whole pipelines
 * against the simulator). Browser tests: vitest.e2e.config.ts. Benchmarks: npm run bench.
 *
 * Where the time went on this 2-core machine (the README, Tests, has the figures): one worker by
 * default and a fresh module graph per file. Files run without isolation in two forks; every
 * file resets what it changes (test/setup/*.ts), which a shuffled run checks.
 */

// Real processes (spawned CLIs) and whole-pipeline runs: seconds each, run by test:integration.
const SLOW_INTEGRATION = [
  'test/integration/server/cli.test.ts',
  'test/integration/replay/*-cli.test.ts',
  'test/integration/replay/serve-client.test.ts',
  'test/integration/machines/simulator.test.ts',
  'test/integration/pipeline/**/*.test.ts',
  'test/integration/faults/**/*.test.ts',
  // Simulated minutes of the whole simulator, worker threads, and the dashboard's pipeline on
  // real sockets: 3-8 s each here, 21 s of the fast suite's 155 s of work (2026-11-25).
  'test/integration/server/convergence.test.ts',
  'test/integration/server/assets-transfer.test.ts',
  'test/integration/server/assets-deposit-withdraw.test.ts',
  'test/integration/replay/check.test.ts',
  'test/integration/replay/seek-client.test.ts',
];

const ceilings = {
  // Ceilings, never assertions: a test passes as soon as its condition holds; these only stop a
  // hung test, far above anything a loaded machine takes (60 s was hit once by a simulation's
  // beforeAll with the two cores ~12x oversubscribed; single dom tests took 60-74 s with the load
  // average at 23).
  testTimeout: 300_000,
  hookTimeout: 300_000,
};

export default defineConfig({
  resolve: { alias: TEST_ALIASES },
  plugins: [react()],
  test: {
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    ...ceilings,
    coverage: {
      provider: 'v8',
      include: ['src/**', 'machines/**', 'server/**', 'scripts/**'],
      reporter: ['text-summary', 'html'],
      reportsDirectory: 'coverage',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/replay/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/node.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['test/unit/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/setup/node.ts', 'test/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: SLOW_INTEGRATION,
          environment: 'node',
          setupFiles: ['test/setup/node.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-slow',
          include: SLOW_INTEGRATION,
          environment: 'node',
          setupFiles: ['test/setup/node.ts'],
        },
      },
    ],
  },
});
