import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, normalizePath } from 'vite';

const entry = normalizePath(fileURLToPath(new URL('./src/main.ts', import.meta.url)));

// The widget for host pages: `dist/vstore-embed.js`, an ES module that registers
// <vstore-spend-control> and sets `window.VStoreEmbed`, and the chunks next to it, each imported by a
// path relative to the importing file, which the browser resolves against that file's own URL (so
// the widget works from any host or CDN path). An ES module, not an IIFE, because an IIFE cannot
// split: it would inline the SSE stream (loaded at mount) and immer with edit's body (loaded on the
// first edit). Core resolves through its `@vstore/source` condition, so no package build is needed
// first; rxjs through its `es2015` condition, its ES2015 build (bundlers take the larger ES5 one by
// default).
export default defineConfig({
  resolve: { conditions: ['@vstore/source', 'es2015', ...defaultClientConditions] },
  // Library mode leaves `process.env.*` alone for the consumer to replace; a script tag has no
  // bundler behind it, so production is decided here.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // Its own port: 5173 and 5174 are the React and Vue dashboards'.
  server: { host: '127.0.0.1', port: 5175, strictPort: true },
  build: {
    target: 'es2022',
    lib: { entry, formats: ['es'], fileName: () => 'vstore-embed.js' },
    rolldownOptions: {
      output: {
        // What the entry imports statically goes into one content-hashed chunk, `embed-runtime-*.js`,
        // which the lazy chunks import too: the bundler's `$initial` tag, which follows only the imports
        // the widget uses, so code that only a lazy chunk uses (edit's conflict error, the polling
        // engine) stays in that chunk. Left to itself the bundler would either split it by which lazy
        // chunk shares what (four files at mount, each gzipped apart: about 2 kB more), or move it
        // into the entry, and then the lazy chunks would import `./vstore-embed.js` by its bare name:
        // a host that loads the entry with a query (`vstore-embed.js?v=2`) would get a second copy of
        // the module, with its own store. The entry keeps only main.ts, so `import.meta.url` there is
        // the script tag's `src`.
        codeSplitting: {
          groups: [{ name: 'embed-runtime', tags: ['$initial'], test: (id) => normalizePath(id) !== entry }],
        },
        // Library mode keeps whitespace and pure annotations in ES output, for a bundler downstream;
        // these files go to the browser as they are, so they are minified as an app's are.
        minify: true,
        comments: { annotation: false },
      },
    },
  },
});
