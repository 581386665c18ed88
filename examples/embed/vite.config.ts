import { defaultClientConditions, defineConfig } from 'vite';

// One self-contained, minified script for host pages: `dist/vstore-embed.js`, an IIFE that registers
// <vstore-spend-control> and exposes `window.VStoreEmbed`. Core resolves through its `@vstore/source`
// condition, so no package build is needed first; rxjs through its `es2015` condition, its ES2015 build
// (every bundler takes the larger ES5 one by default).
export default defineConfig({
  resolve: { conditions: ['@vstore/source', 'es2015', ...defaultClientConditions] },
  // Library mode leaves `process.env.*` alone for the consumer to replace; a script tag has no
  // bundler behind it, so production is decided here.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // Its own port: 5173 and 5174 are the React and Vue dashboards'.
  server: { host: '127.0.0.1', port: 5175, strictPort: true },
  build: {
    target: 'es2022',
    lib: {
      entry: 'src/main.ts',
      name: 'VStoreEmbed',
      formats: ['iife'],
      fileName: () => 'vstore-embed.js',
    },
  },
});
