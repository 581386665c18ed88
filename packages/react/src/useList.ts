import {
  type ListableResource,
  type ListObserveOptions,
  type ListParams,
  type ListResult,
  listParamsKey,
  observeList,
} from '@vstore/core';
import { useCallback, useInsertionEffect, useMemo, useRef, useSyncExternalStore } from './react';

/** Options of `useList`: the page size, and how fresh loaded pages must be to skip the mount's read. */
export type ListHookOptions = ListObserveOptions;

/** What `useList` returns: the list observer's result, and its `fetchNextPage` and `refetch`. */
export type ListHookResult<T> = ListResult<T> & {
  /**
   * Reads the page after the loaded ones of the list the hook shows now; resolves when it settles,
   * never rejects (the error is in `error`). Keeps its identity across renders, params changes included.
   */
  fetchNextPage: () => Promise<void>;
  /** Reads the loaded pages again from the first; never rejects. Keeps its identity across renders. */
  refetch: () => Promise<void>;
};

/**
 * A list of any resource, page by page, over core's `observeList`: rows are the store's own objects,
 * so a row renders again only when its entity gets a newer version, and a late page never brings
 * back an older copy. A removed entity, or one that stops matching `params`, leaves at once; one
 * created here or by a `*.created` event joins at the end of a list with no more pages. `params` are
 * compared by value, so an object literal is fine; a change reads the new list.
 *
 * @example
 * ```tsx
 * import { useList, useVStoreClient } from '@vstore/react';
 *
 * function ActiveControls({ accountId }: { accountId: string }) {
 *   const client = useVStoreClient();
 *   const { data, status, hasNextPage, isFetchingNextPage, fetchNextPage } = useList(
 *     client.spendControls,
 *     { account_id: accountId, status: 'active' },
 *   );
 *   if (status === 'pending') return <p>Loading…</p>;
 *   return (
 *     <>
 *       <ul>
 *         {data.map((row) => (
 *           <li key={row.spend_control_id}>{row.name} (v{row.version})</li>
 *         ))}
 *       </ul>
 *       {hasNextPage && (
 *         <button type="button" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
 *           Load more
 *         </button>
 *       )}
 *     </>
 *   );
 * }
 * ```
 */
export function useList<T extends object>(
  resource: ListableResource<T>,
  params?: ListParams,
  options: ListHookOptions = {},
): ListHookResult<T> {
  const { pageSize, maxAgeMs } = options;
  const key = listParamsKey(params);
  // Keyed by the params' value, not the object: a later render's equal literal keeps the observer
  // (and the params it was made with).
  const observer = useMemo(
    () => observeList(resource, params, { pageSize, maxAgeMs }),
    [resource, key, pageSize, maxAgeMs],
  );
  // The server snapshot is the same read: a list loaded for SSR renders the same markup.
  const result = useSyncExternalStore(observer.subscribe, observer.getResult, observer.getResult);
  // One pair of functions for the hook's life, acting on the list it shows now (as Vue's composable
  // does): a handler captured before a params change (an IntersectionObserver's, an effect's with []
  // deps) must not page the list it left. Set at commit, so a discarded render's observer is never it.
  const shown = useRef(observer);
  useInsertionEffect(() => {
    shown.current = observer;
  }, [observer]);
  const fetchNextPage = useCallback(() => shown.current.fetchNextPage(), []);
  const refetch = useCallback(() => shown.current.refetch(), []);
  return useMemo(() => ({ ...result, fetchNextPage, refetch }), [result, fetchNextPage, refetch]);
}
