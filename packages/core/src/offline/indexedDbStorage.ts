import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { OutboxStorage } from './outboxStorage';

/**
 * A storage in the browser's IndexedDB: database `name`, one object store. Opened on first use, so
 * making it costs nothing where IndexedDB is missing (server rendering) until something is stored;
 * there every call rejects, and the outbox reports it as an `OutboxStorageError`.
 */
export function indexedDbStorage(name: string): OutboxStorage {
  let store: UseStore | undefined;
  const open = (): UseStore => {
    if (typeof indexedDB === 'undefined') throw new TypeError('IndexedDB is not available here');
    store ??= createStore(name, 'vstore');
    return store;
  };
  return {
    get: async (key) => get(key, open()),
    set: async (key, value) => set(key, value, open()),
    delete: async (key) => del(key, open()),
    keys: async () => (await keys(open())).map(String),
  };
}
