import {
  type ListableResource,
  type ListObserveOptions,
  type ListObserver,
  type ListParams,
  type ListResult,
  listParamsKey,
  observeList,
} from '@vstore/core';
import { useObserverRefs } from './useObserverRefs';
import { type ComputedRef, computed, type MaybeRefOrGetter, toValue } from './vue';
import { warnOutsideScope } from './warnOutsideScope';

/** Options of `useList`: the page size, and how fresh loaded pages must be to skip the mount's read. */
export type ListHookOptions = ListObserveOptions;

/** `useList`'s result: each field of core's list result as a readonly ref, `fetchNextPage` and `refetch`. */
export interface ListState<T> {
  /** The rows, each the store's own object; `[]` until the first page lands. */
  readonly data: ComputedRef<readonly T[]>;
  /** The last read's error (rows are kept), cleared by the next successful read. */
  readonly error: ComputedRef<ListResult<T>['error']>;
  /** `error` when the last read failed, `success` once a page landed, else `pending`. */
  readonly status: ComputedRef<ListResult<T>['status']>;
  /** True during any read of the list, next pages included. */
  readonly isFetching: ComputedRef<boolean>;
  /** The service has more pages after the loaded ones. */
  readonly hasNextPage: ComputedRef<boolean>;
  readonly isFetchingNextPage: ComputedRef<boolean>;
  /** Reads the page after the loaded ones; never rejects (the error lands in `error`). */
  fetchNextPage(): Promise<void>;
  /** Reads the loaded pages again from the first; never rejects. */
  refetch(): Promise<void>;
}

const IDLE: ListResult<never> = Object.freeze({
  data: Object.freeze([]),
  status: 'pending',
  error: undefined,
  isFetching: false,
  hasNextPage: false,
  isFetchingNextPage: false,
});

/**
 * A list of any resource, page by page, over core's `observeList`: rows are the store's own objects,
 * so `data` triggers only when a row gets a newer version or the membership changes, and a late
 * page never brings back an older copy. A removed entity, or one that stops matching `params`,
 * leaves at once; one created here or by a `*.created` event joins at the end of a list with no
 * more pages. `params` may be a ref or getter: it is followed and compared by value, and a change
 * reads the new list. In server rendering, the list is read in `serverPrefetch`.
 *
 * @example
 * ```ts
 * import { useClient, useList } from '@vstore/vue';
 * import { ref } from 'vue';
 *
 * // in <script setup>, below app.use(createVStore({ client }))
 * const status = ref<'active' | 'paused'>('active');
 * const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useList(
 *   useClient().spendControls,
 *   () => ({ account_id: 'acc_1', status: status.value }),
 * );
 * // template: <li v-for="row in data" :key="row.spend_control_id">{{ row.name }}</li>
 * //           <button v-if="hasNextPage" :disabled="isFetchingNextPage" @click="fetchNextPage()">Load more</button>
 * ```
 */
export function useList<T extends object>(
  resource: ListableResource<T>,
  params?: MaybeRefOrGetter<ListParams | undefined>,
  options: ListHookOptions = {},
): ListState<T> {
  warnOutsideScope('useList');
  const { pageSize, maxAgeMs } = options;
  // Followed through the params' value: a getter that builds an equal object makes no new list.
  const { result, act } = useObserverRefs<ListResult<T>, ListObserver<T>, [string]>(
    [() => listParamsKey(toValue(params))],
    () => observeList(resource, toValue(params), { pageSize, maxAgeMs }),
    IDLE as ListResult<T>,
    (o) => o.load(),
  );
  const field = <K extends keyof ListResult<T>>(key: K) => computed(() => result.value[key]);
  return {
    data: field('data'),
    error: field('error'),
    status: field('status'),
    isFetching: field('isFetching'),
    hasNextPage: field('hasNextPage'),
    isFetchingNextPage: field('isFetchingNextPage'),
    fetchNextPage: () => act((o) => o.fetchNextPage()),
    refetch: () => act((o) => o.refetch()),
  };
}
