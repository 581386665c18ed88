import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `@vstore/source` first: the workspace packages resolve to their TypeScript, so no build step is needed.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@vstore/source', 'module', 'browser', 'development|production'] },
  server: { host: '127.0.0.1', port: 5177 },
});
