import { SERVICE_WORKER } from './offlineShellPath';

/**
 * Registers the service worker `offlineShell()` writes into a production build, so the page itself
 * loads offline; does nothing in development (no build, no worker) or where there are no service
 * workers. A failure is reported, never thrown: the dashboard works online without it.
 */
export function registerOfflineShell(production: boolean): void {
  if (!production || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER)
    .catch((error: unknown) => console.warn('[dashboard] the page will not load offline:', error));
}
