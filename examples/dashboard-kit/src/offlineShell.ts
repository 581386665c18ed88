import type { Plugin } from 'vite';
import { SERVICE_WORKER } from './offlineShellPath.ts';

/**
 * The service worker of a production build: it stores every file of the build when it installs,
 * and then answers each of the page's own GET requests from the network when it can and from what
 * it stored when it cannot, so the dashboard loads after a reload offline. Requests to other
 * origins (the service) and to the dev server's `/__admin` proxy pass by untouched: the outbox and
 * `persistStore` keep the data, this keeps only the page.
 */
function serviceWorker(files: readonly string[], version: string): string {
  return `// Generated for this build by offlineShell() (examples/dashboard-kit/src/offlineShell.ts).
const CACHE = 'vstore-dashboard-shell-${version}';
const FILES = ${JSON.stringify(['/', ...files])};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/__admin')) return;
  event.respondWith(fromNetworkElseStored(request));
});

async function fromNetworkElseStored(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // ignoreVary: a server that varies on Origin (Vite's does) would otherwise miss every module
    // script, which the page requests with an Origin header and install stored without one.
    const stored =
      (await cache.match(request, { ignoreVary: true })) ??
      (request.mode === 'navigate' ? await cache.match('/', { ignoreVary: true }) : undefined);
    if (stored) return stored;
    throw error;
  }
}
`;
}

/**
 * A Vite plugin that writes `sw.js` into a production build (nothing in development, where the dev
 * server serves modules one by one): see `serviceWorker` above. The page registers it with
 * `registerOfflineShell()`.
 */
export function offlineShell(): Plugin {
  return {
    name: 'vstore-dashboard-offline-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((file) => !file.endsWith('.map'))
        .map((file) => `/${file}`);
      const version = String(files.join('|').length) + files.length;
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER.slice(1),
        source: serviceWorker(files.sort(), version),
      });
    },
  };
}
