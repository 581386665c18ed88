import { defaultClientConditions, defineConfig } from 'vite';

// `dist/vstore-devtools.js`: @vstore/devtools for the host page, an IIFE like the widget script and
// built after it (emptyOutDir off, so the widget script stays).
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
