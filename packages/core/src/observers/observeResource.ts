import type { VStoreError } from '../errors/vstoreError';
import type { CallOptions, GetOptions } from '../resources/resourceClient';
import { readKey } from './requestCache';
import { contextOf } from './resourceLink';
import { resultListeners } from './resultListeners';

/**
 * Status of an observed read: `pending` (no data yet), `success` (data, possibly being refetched)
 * or `error` (the last read failed; earlier data, if any, is kept).
 */
export type ResultStatus = 'pending' | 'success' | 'error';

/**
 * What an observer shows. `status` narrows `data`: there on success, absent while pending, kept (if
 * any) beside the error of a failed read.
 */
export type ObserverResult<T> =
  | { readonly status: 'success'; readonly data: T; readonly error: undefined; readonly isFetching: boolean }
  | {
      readonly status: 'pending';
      readonly data: undefined;
      readonly error: undefined;
      readonly isFetching: boolean;
    }
  | {
      readonly status: 'error';
      readonly data: T | undefined;
      readonly error: VStoreError;
      /** A read of this key is in flight (the first one or a refetch). */
      readonly isFetching: boolean;
    };

/** One read as a subscribable result; see `observeResource`. */
export interface ResourceObserver<T> {
  /** The same object until one of its fields changes: usable as a `useSyncExternalStore` snapshot. */
  getResult(): ObserverResult<T>;
  /** The first subscriber starts the read; the last one leaving aborts it a microtask later. */
  subscribe(listener: () => void): () => void;
  /**
   * Asks the service again (ignoring `maxAgeMs`), aborting a read of the same key still in flight
   * (it may predate a change); never rejects, the error lands in the result.
   */
  refetch(): Promise<void>;
  /**
   * Reads unless the held copy is fresh (see `maxAgeMs`) or a read is in flight, which it joins; for
   * a server render's prefetch. Never rejects; subscribes nobody.
   */
  load(): Promise<void>;
  /**
   * For Suspense. While there is no data: throws the read's promise (starting it if needed), or the
   * error of a read that failed less than a second ago (a later call, such as an error boundary's
   * reset, asks again). Returns when data is there.
   */
  suspend(): void;
}

/** Options of `observeResource`: which version, how fresh a stored copy must be, and Suspense. */
export interface ObserveOptions {
  /** 0 or omitted: the latest, which follows the store; n >= 1: that historical version. @default 0 */
  version?: number | undefined;
  /**
   * The first subscriber reads nothing when the service confirmed the store's copy within this many ms.
   * @default the client's `maxAgeMs`
   */
  maxAgeMs?: number | undefined;
  /**
   * Counts a read that succeeded within the last second as fresh, so the mount after a suspended
   * render does not read again (TanStack Query waits 1 s the same way). @default false
   */
  suspense?: boolean | undefined;
}

/**
 * What a resource observer reads: a resource client of a vstore client (`client.spendControls`,
 * `client.accounts`, `client.resource(definition)`), whatever its update keys and create input.
 */
export interface ReadableResource<T extends object> {
  readonly definition: { readonly type: string };
  /** Reads one entity (see `ResourceClient.get`). */
  get(id: string, options?: GetOptions): Promise<T>;
}

/** A resource with a history endpoint, for `observeHistory`. */
export interface HistoryResource<T extends object> extends ReadableResource<T> {
  /** Reads every version of one entity, oldest first (see `ResourceClient.history`). */
  history(id: string, options?: CallOptions): Promise<T[]>;
}

// A suspended render's read, or an error boundary's last failure, counts as this recent.
export const SUSPENSE_FRESH_MS = 1000;

/** Milliseconds since `at` on the client's clock; never (Infinity) for a time not recorded. */
export const since = (scheduler: { now(): number }, at: number | undefined) =>
  at === undefined ? Infinity : scheduler.now() - at;

/**
 * `suspend()` of resource and history observers: returns while data is held; throws the last error
 * when it is recent (an error boundary shows it rather than reading again at once); else throws the
 * promise of a read, for Suspense to wait on.
 */
export function suspendOn<T>(result: ObserverResult<T>, errorAgeMs: number, read: () => Promise<void>): void {
  if (result.data !== undefined) return;
  if (result.error !== undefined && errorAgeMs <= SUSPENSE_FRESH_MS) throw result.error;
  throw read();
}

/** Shared by resource and history observers: status from data and error, one frozen object per state. */
export function resultOf<T>(
  prev: ObserverResult<T> | undefined,
  data: T | undefined,
  error: VStoreError | undefined,
  isFetching: boolean,
): ObserverResult<T> {
  if (prev && prev.data === data && prev.error === error && prev.isFetching === isFetching) return prev;
  const status = error !== undefined ? 'error' : data === undefined ? 'pending' : 'success';
  return Object.freeze({ data, error, status, isFetching }) as ObserverResult<T>;
}

/**
 * Observes one entity of `resource`: the latest (following the store: every newer version accepted
 * from anywhere notifies, stale and duplicate writes notify nobody) or a historical `version`.
 * Observers of the same resource, id and version share one request and one request state.
 *
 * The bindings' `useResource` are this, wired to React or Vue; use it directly for another view
 * layer or outside components.
 *
 * @example
 * ```ts
 * import { createClient, observeResource } from '@vstore/core';
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', getToken: async () => 'token' });
 * const observer = observeResource(client.spendControls, 'sc_1');
 * const unsubscribe = observer.subscribe(() => {
 *   const result = observer.getResult();
 *   if (result.status === 'success') console.log(result.data.name, result.data.version);
 *   else if (result.status === 'error') console.error(result.error.message);
 * });
 * // later: unsubscribe() — the last subscriber leaving aborts a read still in flight
 * ```
 */
export function observeResource<T extends object>(
  resource: ReadableResource<T>,
  id: string,
  options: ObserveOptions = {},
): ResourceObserver<T> {
  const { store, requests, scheduler, maxAgeMs: clientMaxAge } = contextOf(resource);
  const version = options.version ?? 0;
  if (!Number.isInteger(version) || version < 0)
    throw new RangeError(`version must be 0 (latest) or an integer >= 1, got ${String(options.version)}`);
  const { type } = resource.definition;
  const key = readKey(type, id, version);
  const maxAgeMs = options.maxAgeMs ?? clientMaxAge;
  const data = (): T | undefined =>
    version
      ? (store.getVersion<T>(type, id, version) ?? (requests.get(key)?.result as T | undefined))
      : store.get<T>(type, id);
  let result: ObserverResult<T> | undefined;
  const getResult = () => {
    result = resultOf(result, data(), requests.get(key)?.error, requests.isFetching(key));
    return result;
  };

  const read = (force: boolean) =>
    requests.run(
      key,
      (signal) => resource.get(id, { version, maxAgeMs: force ? 0 : maxAgeMs, signal }),
      (value) => (version ? { result: value } : {}),
      force,
    );
  // A historical version never changes, so any copy held is fresh.
  const fresh = () => {
    if (data() === undefined) return false;
    if (version) return true;
    const state = requests.get(key);
    return (
      (maxAgeMs > 0 && since(scheduler, state?.confirmedAt) <= maxAgeMs) ||
      (!!options.suspense && since(scheduler, state?.settledAt) <= SUSPENSE_FRESH_MS)
    );
  };
  const ensure = () => (fresh() ? Promise.resolve() : read(false));

  const listeners = resultListeners(getResult, () => {
    const release = requests.retain(key);
    const offRequests = requests.subscribe(key, listeners.changed);
    const offStore = version ? undefined : store.subscribe(type, id, listeners.changed);
    if (!requests.isFetching(key)) void ensure();
    return () => {
      offStore?.();
      offRequests();
      release();
    };
  });

  return {
    getResult,
    subscribe: listeners.subscribe,
    refetch: () => read(true),
    load: ensure,
    suspend: () => suspendOn(getResult(), since(scheduler, requests.get(key)?.errorAt), () => read(false)),
  };
}
