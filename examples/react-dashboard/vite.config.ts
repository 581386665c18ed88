import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path, extension included: Vite loads its config with Node, which does not load a workspace
// package's TypeScript, and its coming native config loader resolves no extensionless import.
import { offlineShell } from '../dashboard-kit/src/offlineShell.ts';

// The service's admin routes answer without CORS headers, so the chaos switch reaches them on the
// page's own origin and the dev server forwards them (VITE_SERVICE_URL is set by `pnpm demo` and the e2e).
const serviceUrl = process.env.VITE_SERVICE_URL ?? 'http://127.0.0.1:4010';

// `@vstore/source` first: the workspace packages resolve to their TypeScript, so no build step is needed.
// `es2015`: rxjs's ES2015 build (smaller than the ES5 one every bundler takes by default).
export default defineConfig({
  // offlineShell: a production build's service worker, so the page loads offline too.
  plugins: [react(), offlineShell()],
  resolve: { conditions: ['@vstore/source', 'es2015', 'module', 'browser', 'development|production'] },
  server: { host: '127.0.0.1', port: 5173, proxy: { '/__admin': { target: serviceUrl } } },
});
