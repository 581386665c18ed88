import type { Subscription } from 'rxjs';
import type { Client } from '../client/createClient';
import { contextOf } from '../reads/readContext';
import { checkEntity } from '../ssr/checkEntity';
import type { OutboxStorage } from './outboxStorage';
import { OutboxStorageError } from './outboxStorageError';

/** Options of `persistStore`: where, which generation of saved data counts, how old it may be. */
export interface PersistOptions {
  storage: OutboxStorage;
  /** Data saved under another buster is dropped: change it when the shape of what you store changes. @default '' */
  buster?: string;
  /** Data saved longer ago is dropped. @default 604800000 (7 days) */
  maxAgeMs?: number;
  /** Writes are gathered for this long and saved together. @default 1000 */
  throttleMs?: number;
  /** The storage key of the saved store. @default 'vstore:store' */
  key?: string;
  /**
   * Told once, after the restore, of saved records that were dropped (a record that fails its
   * resource's schema or the store's checks), and of every save that failed. @default console.warn
   */
  onError?: (error: Error) => void;
}

/** The saved form: the store's latest states and tombstones, with when and under which buster. */
interface Saved {
  readonly buster: string;
  readonly savedAt: number;
  readonly entities: readonly (readonly [string, string, object])[];
  readonly removed: readonly (readonly [string, string])[];
}

const isSaved = (value: unknown): value is Saved => {
  const saved = value as Partial<Saved> | null;
  return (
    typeof saved === 'object' &&
    saved !== null &&
    typeof saved.buster === 'string' &&
    typeof saved.savedAt === 'number' &&
    Array.isArray(saved.entities) &&
    Array.isArray(saved.removed)
  );
};

/**
 * Reads that survive a reload: restores the entities and tombstones a page saved, each through the
 * version gate with origin `'persisted'`, before resolving; from then on saves every accepted write
 * (gathered for `throttleMs`). A newer read from the service replaces a persisted copy as any newer
 * version does, and a persisted copy never replaces a newer one. Data saved under another `buster`
 * or longer ago than `maxAgeMs` is dropped; a record that fails its resource's schema or the store's
 * checks is dropped and reported once. Resolves with `stop`, which saves what is still gathered and
 * stops. Rejects with `OutboxStorageError` when the storage cannot be read.
 *
 * @example
 * ```ts
 * import { createClient } from '@vstore/core';
 * import { indexedDbStorage, persistStore } from '@vstore/core/offline';
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', getToken: async () => 'token' });
 * const stop = await persistStore(client, { storage: indexedDbStorage('my-app'), buster: '1' });
 * // on logout: await stop(); then clear the storage
 * ```
 */
export async function persistStore(client: Client, options: PersistOptions): Promise<() => Promise<void>> {
  const { store, scheduler, definitions } = contextOf(client);
  const { storage } = options;
  const key = options.key ?? 'vstore:store';
  const buster = options.buster ?? '';
  const maxAgeMs = options.maxAgeMs ?? 7 * 24 * 3600_000;
  const throttleMs = options.throttleMs ?? 1000;
  const report = options.onError ?? ((error: Error) => console.warn(`[vstore] ${error.message}`));

  let saved: unknown;
  try {
    saved = await storage.get(key);
  } catch (error) {
    throw new OutboxStorageError('read', error);
  }
  if (saved !== undefined) {
    // An age is read only from a time that has passed: a NaN or future savedAt (a clock that was wrong)
    // would otherwise never grow old, and each restore would save it again as new.
    const age = isSaved(saved) ? Date.now() - saved.savedAt : Number.NaN;
    if (!isSaved(saved) || saved.buster !== buster || !(age >= 0 && age <= maxAgeMs)) {
      await storage.delete(key).catch(() => {});
    } else {
      const dropped = restore(saved);
      if (dropped.length > 0)
        report(
          new Error(
            `persistStore dropped ${dropped.length} saved record(s) that failed their checks: ${dropped.slice(0, 3).join('; ')}`,
          ),
        );
    }
  }

  /** Each record through the checks of the wire and the store's gate; returns what was dropped and why. */
  function restore(data: Saved): string[] {
    const dropped: string[] = [];
    store.batch(() => {
      // Storage is untrusted: a record that is not a [type, id, entity] triple, or a tombstone that
      // is not a pair, is dropped like any record that fails its checks, never a crash of the start.
      for (const [at, record] of (data.entities as unknown[]).entries()) {
        const [type, id, entity] = Array.isArray(record) ? record : [];
        try {
          if (typeof type !== 'string' || typeof id !== 'string')
            throw new TypeError('not a [type, id, entity] record');
          const checked = checkEntity(definitions, type, id, entity, `entities[${at}]`);
          store.apply(type, id, checked, 'persisted');
        } catch (error) {
          dropped.push(
            `${String(type)} ${String(id)}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      for (const pair of data.removed as unknown[]) {
        const [type, id] = Array.isArray(pair) ? pair : [];
        if (typeof type === 'string' && typeof id === 'string' && !store.isRemoved(type, id))
          store.remove(type, id, 'persisted');
      }
    });
    return dropped;
  }

  let due: Subscription | undefined;
  const save = async () => {
    due?.unsubscribe();
    due = undefined;
    const { entities, removed } = store.dehydrate();
    const value: Saved = { buster, savedAt: Date.now(), entities: entities as Saved['entities'], removed };
    try {
      await storage.set(key, value);
    } catch (error) {
      report(new OutboxStorageError('write', error));
    }
  };
  const changes = store.accepted.subscribe(() => {
    due ??= scheduler.schedule(() => void save(), throttleMs);
  });
  return async () => {
    changes.unsubscribe();
    if (due) await save();
    // What the storage holds open (a database connection) goes too: a logout's deletion waits for it.
    await storage.close?.().catch(() => {});
  };
}
