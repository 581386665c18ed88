import { onlineStatus } from '@vstore/dashboard-kit';
import type { Outbox } from '@vstore/dashboard-kit/offline';
import { getCurrentScope, type InjectionKey, inject, onScopeDispose, type Ref, readonly, ref } from 'vue';

/**
 * The dashboard's outbox, provided by main.ts (`startOffline`). Undefined where the page has none:
 * server rendering (the ssr-vue example renders these components) or a browser that refuses
 * storage. Writes then go straight to the service, as `useUpdateResource` does without an outbox.
 */
export const OUTBOX: InjectionKey<Outbox | undefined> = Symbol('dashboard outbox');

export const useAppOutbox = (): Outbox | undefined => inject(OUTBOX, undefined);

/** Whether the page is online (`navigator.onLine`), following its `online` and `offline` events. */
export function useOnline(): Readonly<Ref<boolean>> {
  const online = ref(onlineStatus.get());
  const off = onlineStatus.subscribe(() => {
    online.value = onlineStatus.get();
  });
  if (getCurrentScope()) onScopeDispose(off);
  return readonly(online);
}

/**
 * Calls `refetch` when the page comes back online: a read that failed offline is read again then,
 * rather than waiting for a person to press Retry.
 */
export function refetchOnReconnect(refetch: () => unknown): void {
  const off = onlineStatus.subscribe(() => {
    if (onlineStatus.get()) refetch();
  });
  if (getCurrentScope()) onScopeDispose(off);
}
