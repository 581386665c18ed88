/** Where the offline shell's service worker is served (written by `offlineShell()` of ./vite). */
export const SERVICE_WORKER = '/sw.js';
