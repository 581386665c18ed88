/**
 * Whether the page is online, as the browser says (`navigator.onLine`, and the window's `online` and
 * `offline` events): for the dashboards' offline indicator. Where there is no window (server
 * rendering, tests in Node) it is always online.
 */
export interface OnlineStatus {
  get(): boolean;
  subscribe(listener: () => void): () => void;
}

const hasWindow = () => typeof window !== 'undefined' && typeof navigator !== 'undefined';

export const onlineStatus: OnlineStatus = {
  get: () => !hasWindow() || navigator.onLine !== false,
  subscribe(listener) {
    if (!hasWindow()) return () => {};
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
};
