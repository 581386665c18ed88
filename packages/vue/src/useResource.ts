import { isServerRender } from './isServerRender';
import {
  type ComputedRef,
  computed,
  type MaybeRefOrGetter,
  onServerPrefetch,
  type ShallowRef,
  shallowReadonly,
  shallowRef,
  toValue,
  watch,
} from './vue';
import { warnOutsideScope } from './warnOutsideScope';

export type ResourceStatus = 'pending' | 'success' | 'error';

export interface ResourceState<T> {
  /** The latest value; `undefined` until one is held. Keeps the previous value while refetching. */
  readonly data: Readonly<ShallowRef<T | undefined>>;
  /** The last load's error, cleared by the next successful load. */
  readonly error: Readonly<ShallowRef<unknown>>;
  /** error when the last load failed (data may still be shown), else pending until data is held. */
  readonly status: ComputedRef<ResourceStatus>;
  readonly isFetching: Readonly<ShallowRef<boolean>>;
  /** Loads again, aborting a load still in flight for the same key. Errors land in `error`. */
  refetch(): Promise<void>;
}

/** Where a resource comes from, for one key (the values of `useResource`'s inputs). */
export interface ResourceSource<T, TKey extends readonly unknown[]> {
  /**
   * The cached value, e.g. the store's copy, read synchronously. Without it, every change refetches.
   * Once given, it decides what is shown: after a fetch it gets the `reply` too, to return when the
   * cache may not hold it (an evicted historical version), never for a key dropped on purpose (a
   * removed entity, which a reply must not bring back).
   */
  read?(key: TKey, reply?: T): T | undefined;
  /** Calls `changed` when the value for `key` may have changed; returns the unsubscribe. */
  subscribe?(key: TKey, changed: () => void): () => void;
  /** Asks the server; `signal` aborts when the key changes or the scope ends. */
  fetch(key: TKey, signal: AbortSignal): Promise<T>;
}

/** One ref or getter per key part; the first (the id) may be `undefined`, meaning "nothing yet". */
export type ResourceInputs<TKey extends readonly unknown[]> = {
  readonly [K in keyof TKey]: MaybeRefOrGetter<K extends '0' ? TKey[K] | undefined : TKey[K]>;
};

/**
 * The generic composable beneath the spend-control ones: a cached read, a subscription and a fetch
 * per key. The first input is the id; while it is `undefined` nothing is read or requested. Each key
 * change (any input, compared one by one) drops the old key's subscription and aborts its request.
 */
export function useResource<T, TKey extends readonly [unknown, ...unknown[]]>(
  inputs: ResourceInputs<TKey>,
  source: ResourceSource<T, TKey>,
): ResourceState<T> {
  warnOutsideScope('useResource');
  const data = shallowRef<T>();
  const error = shallowRef<unknown>();
  const isFetching = shallowRef(false);
  // On the server a component is never unmounted, so nothing may subscribe or start in setup; the
  // value is loaded in serverPrefetch instead, where rendering waits for it.
  const ssr = isServerRender();
  // Set by the immediate watcher below before anything can call it.
  let load!: () => Promise<void>;

  watch(
    inputs.map((input) => () => toValue(input)),
    (values, _, onCleanup) => {
      const key = values as unknown as TKey;
      const off = key[0] === undefined;
      let controller: AbortController | undefined;
      const read = () => {
        data.value = off ? undefined : source.read?.(key);
      };
      load = async () => {
        if (off) return;
        controller?.abort();
        const c = new AbortController();
        controller = c;
        isFetching.value = true;
        try {
          const value = await source.fetch(key, c.signal);
          if (c.signal.aborted) return;
          // The store's copy wins over the reply: a slower reply may be older than what arrived meanwhile.
          data.value = source.read ? source.read(key, value) : value;
          error.value = undefined;
        } catch (e) {
          if (c.signal.aborted) return;
          error.value = e;
        }
        isFetching.value = false;
      };
      onCleanup(() => controller?.abort());
      error.value = undefined;
      isFetching.value = false;
      read();
      if (off || ssr) return;
      if (source.subscribe) onCleanup(source.subscribe(key, source.read ? read : () => void load()));
      void load();
    },
    { immediate: true },
  );
  if (ssr) onServerPrefetch(() => load());

  return {
    data: shallowReadonly(data),
    error: shallowReadonly(error),
    status: computed(() =>
      error.value !== undefined ? 'error' : data.value === undefined ? 'pending' : 'success',
    ),
    isFetching: shallowReadonly(isFetching),
    refetch: () => load(),
  };
}
