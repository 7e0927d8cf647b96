import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// `npm test`: everything but the browser tests (npm run test:e2e) and benchmarks (npm run bench).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/replay/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['test/unit/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
