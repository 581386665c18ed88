import { useCallback, useSyncExternalStore } from './react';
import { useVStoreClient } from './vstoreProvider';

const noop = () => {};

/**
 * The store's latest accepted state of one entity. The snapshot is the store's own frozen object,
 * so a stale or duplicate update (which stores nothing) and a change to another key render nothing.
 */
export function useEntity<T extends object = Record<string, unknown>>(
  type: string,
  id: string | undefined,
): T | undefined {
  const store = useVStoreClient().store;
  const subscribe = useCallback(
    (listener: () => void) => (id === undefined ? noop : store.subscribe(type, id, listener)),
    [store, type, id],
  );
  const read = () => (id === undefined ? undefined : store.get<T>(type, id));
  // The server snapshot is the same read: a store hydrated for SSR renders the same markup.
  return useSyncExternalStore(subscribe, read, read);
}
