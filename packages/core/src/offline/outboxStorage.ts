/**
 * Where an outbox (or `persistStore`) keeps what must survive a reload: string keys to values that
 * survive the structured clone. Every call returns a promise; one that rejects is reported as an
 * `OutboxStorageError`. `memoryStorage()` and `indexedDbStorage(name)` are the two made here.
 */
export interface OutboxStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
  /**
   * Lets go of what the storage holds open (a database connection); the next call opens it again.
   * The outbox's `close()` and `persistStore`'s stop call it.
   */
  close?(): Promise<void>;
}

/**
 * A storage in memory: one object that tests hand to a second outbox to stand for a reload. Values
 * are structured-cloned on the way in and out, as IndexedDB does, so nothing stored is shared with
 * the caller.
 */
export function memoryStorage(): OutboxStorage {
  const values = new Map<string, unknown>();
  return {
    get: async (key) => (values.has(key) ? structuredClone(values.get(key)) : undefined),
    async set(key, value) {
      values.set(key, structuredClone(value));
    },
    async delete(key) {
      values.delete(key);
    },
    keys: async () => [...values.keys()],
  };
}
