import {
  type Client,
  type ClientSnapshot,
  dehydrate,
  hydrate,
  type ReadRecord,
  watchReads,
} from '@vstore/core';
import type { OutboxStorage } from '@vstore/core/offline';

const KEY = 'dashboard:lists';

/**
 * A saved list: its params, its first page, and when it was read (`hydrate` restores a read's
 * outcome by that time). Never its freshness or its failure (the next page reads every list again),
 * and never the pages after the first: a reload starts from the first page, as a first visit does,
 * and "load more" comes back once the first page is read again (its cursor is the service's).
 */
type SavedList = Pick<ReadRecord, 'type' | 'id' | 'read' | 'pages' | 'pageSize' | 'settledAt'>;

/**
 * The first page of every list, kept in `storage` beside `persistStore`'s entities, so a reload
 * (offline too) shows the tables: `persistStore` keeps entities and tombstones, not which ids a
 * list held. Saved through `dehydrate(client)` whenever a list read changes (gathered
 * for `throttleMs`), and put back with `hydrate` before the first render; the rows are the store's
 * entities, restored first, and every list is read again at mount as usual. Returns the stop.
 */
export async function persistLists(
  client: Client,
  storage: OutboxStorage,
  throttleMs = 500,
): Promise<() => void> {
  const saved = await storage.get(KEY).catch(() => undefined);
  if (Array.isArray(saved) && saved.length > 0) {
    const snapshot: ClientSnapshot = {
      format: 'vstore-client/1',
      store: { format: 1, entities: [], removed: [] },
      reads: saved as ReadRecord[],
    };
    try {
      hydrate(client, snapshot);
    } catch (error) {
      // A record this version cannot read: dropped, and the lists are read again as on a first visit.
      console.warn('[dashboard] saved lists dropped:', error);
      await storage.delete(KEY).catch(() => {});
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const lists: SavedList[] = dehydrate(client).reads.flatMap(
      ({ type, id, read, pages, pageSize, settledAt }) =>
        read === 'list' && pages?.[0]
          ? [
              {
                type,
                id,
                read,
                pages: [pages[0]],
                ...(pageSize === undefined ? {} : { pageSize }),
                ...(settledAt === undefined ? {} : { settledAt }),
              },
            ]
          : [],
    );
    storage.set(KEY, lists).catch((error: unknown) => console.warn('[dashboard] lists not saved:', error));
  };
  const stop = watchReads(client, (change) => {
    if (change.read === 'list' && timer === undefined) timer = setTimeout(save, throttleMs);
  });
  return () => {
    stop();
    if (timer !== undefined) {
      clearTimeout(timer);
      save();
    }
  };
}
