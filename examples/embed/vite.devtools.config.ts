import { defaultClientConditions, defineConfig } from 'vite';

// `dist/vstore-devtools.js`: @vstore/devtools for the host page, a classic script (an IIFE) built after
// the widget's files (emptyOutDir off, so they stay). The host loads it with `defer` after the widget's
// module script, so it runs after it, once `window.VStoreEmbed` is set.
export default defineConfig({
  resolve: { conditions: ['@vstore/source', ...defaultClientConditions] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    target: 'es2022',
    emptyOutDir: false,
    lib: {
      entry: 'src/hostDevtools.ts',
      name: 'VStoreDevtools',
      formats: ['iife'],
      fileName: () => 'vstore-devtools.js',
    },
  },
});
