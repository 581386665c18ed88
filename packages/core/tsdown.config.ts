import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
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
        // With the errors only it throws: an app that never polls does not ship them.
        {
          name: 'pollEngine',
          test: /src[\\/](tasks[\\/](poll|pollUntil|schedule|visibility)|errors[\\/]task(Failed|Cancelled)Error)\.ts$/,
        },
        // The body of `edit`, which `edit` imports when a recipe first runs, likewise with the one error
        // only it throws (index.mjs re-exports `EditConflictError`).
        {
          name: 'editRun',
          test: /src[\\/](resources[\\/](editRun|threeWay|immerRecipe)|errors[\\/]editConflictError)\.ts$/,
        },
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
