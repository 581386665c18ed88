import type { ObserverResult, ResourceObserver } from '@vstore/core';
import { useMemo, useSyncExternalStore } from './react';

/** A hook result: the observer's result and its `refetch`. */
export type ResourceResult<T> = ObserverResult<T> & {
  /** Asks the service again (ignoring `maxAgeMs`); resolves when the read settles, never rejects. */
  refetch: () => Promise<void>;
};

const PENDING = Object.freeze({
  data: undefined,
  error: undefined,
  status: 'pending',
  isFetching: false,
  isRemoved: false,
});
// Stands in while there is no id: pending, reads nothing, subscribes to nothing.
const NONE: ResourceObserver<never> = {
  getResult: () => PENDING as ObserverResult<never>,
  subscribe: () => () => {},
  refetch: () => Promise.resolve(),
  load: () => Promise.resolve(),
  suspend() {},
};

/**
 * Wiring: the observer's `getResult` is the `useSyncExternalStore` snapshot (the same object until a
 * field changes, so identity tells React whether to render), and, under `suspense`, its `suspend`.
 */
export function useObserver<T>(
  observer: ResourceObserver<T> | undefined,
  suspense?: boolean,
): ResourceResult<T> {
  const o = observer ?? (NONE as ResourceObserver<T>);
  // The server snapshot is the same read: a store hydrated for SSR renders the same markup.
  const result = useSyncExternalStore(o.subscribe, o.getResult, o.getResult);
  if (suspense) o.suspend();
  return useMemo(() => ({ ...result, refetch: o.refetch }), [result, o]);
}
