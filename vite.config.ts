import { defineConfig } from 'vitest/config';

// Workspace packages export an `@vstore/source` condition pointing at their TypeScript, so tests,
// examples and benchmarks run against src without a build step.
const conditions = ['@vstore/source', 'module', 'browser', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: ['@vstore/source', 'node', 'development|production'] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/__tests__/**/*.test.{ts,tsx}', 'test/meta/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'property',
          include: ['test/property/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Seeded chaos runs over loopback HTTP; SOAK_LONG=1 for the long mode (see test/soak/soakConfig.ts).
          name: 'soak',
          include: ['test/soak/**/*.test.ts'],
          environment: 'node',
          testTimeout: 1_800_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
