import type { Outbox } from '@vstore/core/offline';
import { onlineStatus } from '@vstore/dashboard-kit';
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The dashboard's outbox, when it has one (`startOffline` in main.tsx). Undefined where the page has
 * none: server rendering (the ssr-react example renders these components) or a browser that refuses
 * storage. Writes then go straight to the service, as `useUpdateResource` does without an outbox.
 */
export const OutboxContext = createContext<Outbox | undefined>(undefined);

export const useAppOutbox = (): Outbox | undefined => useContext(OutboxContext);

/** Whether the page is online (`navigator.onLine`), following its `online` and `offline` events. */
export const useOnline = (): boolean =>
  useSyncExternalStore(onlineStatus.subscribe, onlineStatus.get, () => true);

/**
 * Calls `refetch` when the page comes back online: a read that failed offline is read again then,
 * rather than waiting for a person to press Retry.
 */
export function useRefetchOnReconnect(refetch: () => unknown): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(
    () =>
      onlineStatus.subscribe(() => {
        if (onlineStatus.get()) latest.current();
      }),
    [],
  );
}
