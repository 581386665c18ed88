import vue from '@vitejs/plugin-vue';
import { defaultClientConditions, defineConfig } from 'vite';
// By path, extension included: Vite loads its config with Node, which does not load a workspace
// package's TypeScript, and its coming native config loader resolves no extensionless import.
import { offlineShell } from '../dashboard-kit/src/offlineShell.ts';

// The service's admin routes answer without CORS headers, so the chaos switch reaches them on the
// page's own origin and the dev server forwards them (VITE_SERVICE_URL is set by the e2e).
const serviceUrl = process.env.VITE_SERVICE_URL ?? 'http://127.0.0.1:4010';

export default defineConfig({
  // offlineShell: a production build's service worker, so the page loads offline too.
  plugins: [vue(), offlineShell()],
  // `@vstore/source` first: the workspace packages resolve to their TypeScript, so no build step is needed.
  // `es2015`: rxjs's ES2015 build (smaller than the ES5 one every bundler takes by default).
  resolve: { conditions: ['@vstore/source', 'es2015', ...defaultClientConditions] },
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: { '/__admin': { target: serviceUrl } },
    // Browser tests run while the workspace's sources are being edited; a file change would make
    // Vite reload the page mid-test and lose its state, so they turn the watcher off.
    ...(process.env.VSTORE_E2E ? { watch: null } : {}),
  },
});
