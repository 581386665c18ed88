import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Workspace packages export an `@vstore/source` condition pointing at their TypeScript, so tests,
// examples and benchmarks run against src without a build step.
const conditions = ['@vstore/source', 'module', 'browser', 'development|production'];

// React 18 as installed by the test/react18 workspace package, for the `react18` project.
const react18 = fileURLToPath(new URL('./test/react18/node_modules', import.meta.url));

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: ['@vstore/source', 'node', 'development|production'] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/__tests__/**/*.test.{ts,tsx}',
            'examples/*/src/**/__tests__/**/*.test.ts',
            'test/meta/**/*.test.ts',
          ],
          environment: 'node',
          // Type tests (`*.test-d.ts`, expectTypeOf) run in the same project, so `pnpm test` checks them.
          typecheck: {
            enabled: true,
            include: ['packages/*/src/**/__tests__/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      {
        // @vstore/react's tests again, against React 18, the low end of its peer range: every import of
        // React, ReactDOM and Testing Library (which must share that React) is sent to test/react18.
        extends: true,
        resolve: {
          alias: [
            { find: /^(react|react-dom|@testing-library\/react)(\/.*)?$/, replacement: `${react18}/$1$2` },
          ],
        },
        test: {
          name: 'react18',
          include: ['packages/react/src/**/__tests__/**/*.test.{ts,tsx}'],
          environment: 'node',
          env: { VSTORE_REACT_MAJOR: '18' },
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
