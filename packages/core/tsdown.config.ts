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
        // The polling engine, which `tasks.poll` imports on first use, in a file of its own. index.mjs
        // also re-exports `pollTask`/`pollUntil` from it, so by default it lands in a chunk with code
        // every app runs (defineResource, the task schema), and an app built from this package would
        // load it up front. On its own, an app that does not use those exports drops the static edge
        // (sideEffects: false) and keeps the engine in its lazy chunk. The file's top level is only
        // function declarations, so its import cycle with index.mjs is safe.
        { name: 'pollEngine', test: /src[\\/]tasks[\\/](poll|pollUntil|schedule|visibility)\.ts$/ },
        // The errors that only on-demand code throws (the polling engine's, edit's), each in a file of
        // its own for the same reason: left in index.mjs they would be in every app, and grouped with
        // the code that throws them, an app that names one (`instanceof EditConflictError`) or hydrates
        // (which knows every class) would load that code up front. Their top level is class
        // declarations over `Error`, reading no import.
        { name: 'taskErrors', test: /src[\\/]errors[\\/]task(Failed|Cancelled)Error\.ts$/ },
        { name: 'editConflictError', test: /src[\\/]errors[\\/]editConflictError\.ts$/ },
        // The same for the SSE stream, which `connect` imports on first use and index.mjs re-exports
        // (`createSseConnection`); without it the stream's code sat in index.mjs and a lazy chunk of
        // 0.1 kB re-exported it. Its top level, too, reads no import while it is evaluated.
        {
          name: 'sseStream',
          test: /src[\\/]events[\\/]sse(Connection|Parser|Backoff|ConnectionOptions)\.ts$/,
        },
      ],
    },
  },
});
