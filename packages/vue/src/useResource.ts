import {
  type HistoryResource,
  type ObserverResult,
  observeHistory,
  observeResource,
  type ReadableResource,
  type ResourceObserver,
} from '@vstore/core';
import { useObserverRefs } from './useObserverRefs';
import { type ComputedRef, computed, type MaybeRefOrGetter } from './vue';
import { warnOutsideScope } from './warnOutsideScope';

/** Status of a `useResource` state: `pending`, `success` or `error` (see core's `ResultStatus`). */
export type ResourceStatus = 'pending' | 'success' | 'error';

/** `useResource`'s result: each field of core's observer result as a readonly ref, and `refetch`. */
export interface ResourceState<T> {
  /** The latest value; `undefined` until one is held. Kept beside the error of a failed read. */
  readonly data: ComputedRef<T | undefined>;
  /** The last read's error, cleared by the next successful read. */
  readonly error: ComputedRef<ObserverResult<T>['error']>;
  /** error when the last read failed (data may still be shown), else pending until data is held. */
  readonly status: ComputedRef<ResourceStatus>;
  /** True while a read of this key is in flight (the first one or a refetch). */
  readonly isFetching: ComputedRef<boolean>;
  /** The entity was removed (deleted on the service, seen here or in another tab); no read brings it back. */
  readonly isRemoved: ComputedRef<boolean>;
  /** Asks the service again (ignoring `maxAgeMs`); never rejects, the error lands in `error`. */
  refetch(): Promise<void>;
}

/** What `useResource` reads: a resource client, such as `client.spendControls` or `client.resource(definition)`. */
export type ResourceSource<T extends object> = ReadableResource<T>;

/**
 * Options of `useResource`: which version (a ref or getter is followed), and how fresh a stored copy must be
 * to skip the request.
 */
export interface ResourceOptions {
  /** A historical version (>= 1); omitted or 0 follows the latest. @default 0 */
  version?: MaybeRefOrGetter<number | undefined>;
  /**
   * Skip the request when the store's copy was confirmed within this many ms.
   * @default the client's `maxAgeMs`
   */
  maxAgeMs?: number;
  /**
   * Counts a read that succeeded within the last second as fresh, so the mount after an async
   * `setup` that awaited `refetch()` (under `<Suspense>`) does not read again. @default false
   */
  suspense?: boolean;
}

const PENDING = Object.freeze({
  data: undefined,
  error: undefined,
  status: 'pending',
  isFetching: false,
  isRemoved: false,
});

/** Refs over one resource observer; shared by `useResource` and `useResourceHistory`. */
function stateOf<T>(
  inputs: readonly [MaybeRefOrGetter<string | undefined>, MaybeRefOrGetter<number | undefined>],
  create: (id: string, version: number | undefined) => ResourceObserver<T>,
): ResourceState<T> {
  const { result, act } = useObserverRefs(
    inputs,
    (id, version) => (id === undefined ? undefined : create(id, version)),
    PENDING as ObserverResult<T>,
    (o) => o.load(),
  );
  return {
    data: computed(() => result.value.data),
    error: computed(() => result.value.error),
    status: computed(() => result.value.status),
    isFetching: computed(() => result.value.isFetching),
    isRemoved: computed(() => result.value.isRemoved),
    refetch: () => act((o) => o.refetch()),
  };
}

/**
 * Any resource by id, over core's `observeResource`: the latest follows the store (triggers only for
 * newer versions), `version` >= 1 reads that historical version. Follows `id` and `version`; nothing
 * is read while the id is undefined.
 *
 * @example
 * ```ts
 * import { useClient, useResource } from '@vstore/vue';
 * import { ref } from 'vue';
 *
 * // in <script setup>, below app.use(createVStore({ client }))
 * const id = ref('sc_1');
 * const { data, status, error, refetch } = useResource(useClient().spendControls, id);
 * // template: {{ status === 'success' ? data?.name : error?.message }}
 * ```
 */
export function useResource<T extends object>(
  resource: ReadableResource<T>,
  id: MaybeRefOrGetter<string | undefined>,
  options: ResourceOptions = {},
): ResourceState<T> {
  warnOutsideScope('useResource');
  const { version, maxAgeMs, suspense } = options;
  return stateOf([id, version], (i, v) => observeResource(resource, i, { version: v, maxAgeMs, suspense }));
}

/** Every version of one entity, oldest first, over core's `observeHistory`. */
export function useResourceHistory<T extends object>(
  resource: HistoryResource<T>,
  id: MaybeRefOrGetter<string | undefined>,
  options: Pick<ResourceOptions, 'suspense'> = {},
): ResourceState<T[]> {
  warnOutsideScope('useResourceHistory');
  const { suspense } = options;
  return stateOf([id, undefined], (i) => observeHistory(resource, i, { suspense }));
}
