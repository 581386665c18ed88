import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: 'src/index.ts', offline: 'src/offline/index.ts' },
  format: 'esm',
  platform: 'neutral',
  // package.json's exports name index.mjs / index.d.mts; with platform 'neutral' tsdown would write .js.
  fixedExtension: true,
  dts: true,
  sourcemap: true,
  outputOptions: {
    advancedChunks: {
      // A group holds its own modules only; what they share with the rest stays in index.mjs.
      includeDependenciesRecursively: false,
      groups: [
        // The errors that only on-demand code throws (the polling engine's, edit's), each in a file of
        // its own for the same reason: left in index.mjs they would be in every app, and grouped with
        // the code that throws them, an app that names one (`instanceof EditConflictError`) or hydrates
        // (which knows every class) would load that code up front. Their top level is class
        // declarations over `Error`, reading no import.
        { name: 'taskErrors', test: /src[\\/]errors[\\/]task(Failed|Cancelled)Error\.ts$/ },
        { name: 'editConflictError', test: /src[\\/]errors[\\/]editConflictError\.ts$/ },
      ],
    },
  },
});
