import { del, get, keys, set, type UseStore } from 'idb-keyval';
import type { OutboxStorage } from './outboxStorage';

/** How long opening the database may wait (a deletion or an upgrade in another tab blocks it). */
const OPEN_TIMEOUT_MS = 10_000;
const STORE = 'vstore';

/**
 * A storage in the browser's IndexedDB: database `name`, one object store. Opened on first use, so
 * making it costs nothing where IndexedDB is missing (server rendering) until something is stored;
 * there every call rejects, and the outbox reports it as an `OutboxStorageError`. Its connection
 * closes on `close()` (the outbox's and `persistStore`'s own close call it) and whenever another
 * connection asks to delete or upgrade the database, so a logout's `indexedDB.deleteDatabase` is never
 * blocked by it; the next call opens it again. An open that stays blocked rejects after 10 s.
 */
export function indexedDbStorage(name: string): OutboxStorage {
  let opened: Promise<IDBDatabase> | undefined;
  const forget = (which: Promise<IDBDatabase>) => {
    if (opened === which) opened = undefined;
  };
  const open = (): Promise<IDBDatabase> => {
    if (opened) return opened;
    if (typeof indexedDB === 'undefined')
      return Promise.reject(new TypeError('IndexedDB is not available here'));
    let late = false;
    const opening = new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      const timer = setTimeout(() => {
        late = true;
        reject(
          new DOMException(`IndexedDB "${name}" did not open within ${OPEN_TIMEOUT_MS} ms`, 'TimeoutError'),
        );
      }, OPEN_TIMEOUT_MS);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onerror = () => {
        clearTimeout(timer);
        reject(request.error);
      };
      request.onsuccess = () => {
        clearTimeout(timer);
        const db = request.result;
        // Opened after its caller gave up: nobody uses it, and it must not block a deletion.
        if (late) return db.close();
        db.onversionchange = () => {
          db.close();
          forget(opening);
        };
        // Closed by the browser (storage cleared, say): the next call opens it again.
        db.onclose = () => forget(opening);
        resolve(db);
      };
    });
    opened = opening;
    opening.catch(() => forget(opening));
    return opening;
  };
  const use: UseStore = (mode, run) =>
    open().then((db) => run(db.transaction(STORE, mode).objectStore(STORE)));
  return {
    get: async (key) => get(key, use),
    set: async (key, value) => set(key, value, use),
    delete: async (key) => del(key, use),
    keys: async () => (await keys(use)).map(String),
    async close() {
      const which = opened;
      if (!which) return;
      forget(which);
      (await which.catch(() => undefined))?.close();
    },
  };
}
