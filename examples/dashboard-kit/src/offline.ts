import type { Client } from '@vstore/core';
import {
  createOutbox,
  indexedDbStorage,
  type Outbox,
  OutboxStorageError,
  persistStore,
} from '@vstore/core/offline';
import { persistLists } from './persistLists';

// The outbox's types, for the Vue dashboard, which depends on @vstore/vue alone (types only: erased).
export type { Outbox, OutboxEntry } from '@vstore/core/offline';
export { OutboxStorageError };

/** The IndexedDB database of the dashboards: outbox entries, saved entities and saved lists. */
export const OFFLINE_DATABASE = 'vstore-dashboard';

/** What `startOffline` set up. */
export interface OfflineDashboard {
  /** Writes kept until they land; undefined where the browser refuses storage (then writes go straight). */
  readonly outbox: Outbox | undefined;
  /** Why offline work is off, when it is: the storage could not open. */
  readonly storageError: OutboxStorageError | undefined;
  /** Saves what is gathered and lets go of the storage (tests; a real app does this on logout). */
  stop(): Promise<void>;
}

/**
 * Makes a dashboard work offline, before its first render: the entities and lists the last page
 * saw (`persistStore`, and the lists' pages beside it), then an outbox over the same IndexedDB
 * database, whose entries an earlier page left are restored and, in the tab that holds the
 * outbox's Web Lock, sent. Where the browser refuses IndexedDB the dashboard still works online,
 * writing straight to the service, and says why offline work is off.
 */
export async function startOffline(client: Client): Promise<OfflineDashboard> {
  const storage = indexedDbStorage(OFFLINE_DATABASE);
  try {
    const stopReads = await persistStore(client, { storage, buster: '1' });
    const stopLists = await persistLists(client, storage);
    const outbox = createOutbox(client, { storage });
    await outbox.ready;
    return {
      outbox,
      storageError: undefined,
      async stop() {
        stopLists();
        await outbox.close();
        await stopReads();
      },
    };
  } catch (error) {
    if (!(error instanceof OutboxStorageError)) throw error;
    console.warn(`[dashboard] working online only: ${error.message}`);
    return { outbox: undefined, storageError: error, stop: async () => {} };
  }
}
