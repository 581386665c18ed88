import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `@vstore/source` first: the workspace packages resolve to their TypeScript, so no build step is needed.
// `es2015`: rxjs's ES2015 build (smaller than the ES5 one every bundler takes by default).
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@vstore/source', 'es2015', 'module', 'browser', 'development|production'] },
  server: { host: '127.0.0.1', port: 5173 },
});
