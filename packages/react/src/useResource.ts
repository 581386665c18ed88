import { useCallback, useEffect, useSyncExternalStore } from './react';
import { requestCacheFor } from './requestCache';
import { useEntity } from './useEntity';
import { useVStoreClient } from './vstoreProvider';

export type ResourceStatus = 'pending' | 'success' | 'error';

interface ResultBase {
  error: unknown;
  /** A request for this key is in flight (the first load or a refetch). */
  isFetching: boolean;
  /** Asks the service again (ignoring `maxAgeMs`); resolves when the request settles, never rejects. */
  refetch: () => Promise<void>;
}

/** `status` narrows `data`: there on success, absent while pending, kept (if any) after an error. */
export type ResourceResult<T> = ResultBase &
  (
    | { status: 'success'; data: T }
    | { status: 'pending'; data: undefined }
    | { status: 'error'; data: T | undefined }
  );

/**
 * What `useResource` needs: a resource client such as `client.spendControls` or
 * `client.resource(definition)`, or any `{ definition: { type }, get }` pair. For latest reads,
 * `get` must apply the result to the store, as core's clients do.
 */
export interface ResourceSource<T> {
  readonly definition: { readonly type: string };
  /** `signal` aborts once no component reads this key any more (all unmounted, or the id changed). */
  get(id: string, options: { version?: number; maxAgeMs?: number; signal?: AbortSignal }): Promise<T>;
}

export interface ResourceOptions {
  /** A historical version (>= 1); omitted or 0 reads the latest, which follows the store. */
  version?: number;
  /**
   * Skip the mount's request when the service confirmed the store's copy within this many ms.
   * @default the client's `maxAgeMs` (0: ask on every mount)
   */
  maxAgeMs?: number;
  /**
   * Suspend (throw the in-flight promise) until data is there; errors go to the error boundary. A
   * render more than a second after the failure (an error boundary's reset) asks again instead.
   */
  suspense?: boolean;
}

const done = Promise.resolve();
const SUSPENSE_FRESH_MS = 1000;

/**
 * Request state for `key` from the per-client request cache, plus `load`. The request starts in an
 * effect; under StrictMode the second effect run finds the first request in flight and shares it.
 * The cache aborts it (through `run`'s signal) once no component reads `key` any more.
 */
export function useRequest(
  key: string | undefined,
  run: (force: boolean, signal: AbortSignal) => Promise<unknown>,
  suspense: boolean | undefined,
) {
  const cache = requestCacheFor(useVStoreClient());
  const k = key ?? '';
  const subscribe = useCallback((listener: () => void) => cache.subscribe(k, listener), [cache, k]);
  const read = () => cache.read(k);
  const entry = useSyncExternalStore(subscribe, read, read);
  // Stable per key, so `refetch` can sit in a dependency list; the key names everything `run` reads.
  // Only `load(true)` may use a freshness window: `onClick={refetch}` passes an event, which forces.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const load = useCallback(
    (lazy?: unknown) => (key === undefined ? done : cache.load(key, (signal) => run(lazy !== true, signal))),
    [cache, key],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `entry` is read once, at mount
  useEffect(() => {
    // A suspended first render already made the read; TanStack Query waits 1 s the same way.
    if (!(suspense && (entry.at ?? 0) > Date.now() - SUSPENSE_FRESH_MS)) void load(true);
  }, [load]);
  return { entry, load };
}

export type RequestState = ReturnType<typeof useRequest>;

/** Builds a hook result; under `suspense`, throws until there is data or an error. */
export function toResult<T>(
  data: T | undefined,
  { entry, load }: RequestState,
  suspense: boolean | undefined,
): ResourceResult<T> {
  const { failure } = entry;
  // A failure goes to the error boundary once; a render past the freshness window comes from its
  // reset, and asks again (a failing retry is a fresh failure, so this cannot loop).
  if (suspense && data === undefined)
    throw failure && failure.at > Date.now() - SUSPENSE_FRESH_MS ? failure.error : load(true);
  return {
    data,
    error: failure?.error,
    status: failure ? 'error' : data === undefined ? 'pending' : 'success',
    isFetching: !!entry.promise,
    refetch: load,
  } as ResourceResult<T>;
}

/**
 * Any resource by id: the latest state comes from the store (so it follows events and other
 * writers, and renders only for newer versions); `version` >= 1 reads that historical version.
 */
export function useResource<T extends object>(
  source: ResourceSource<T>,
  id: string | undefined,
  options: ResourceOptions = {},
): ResourceResult<T> {
  const { suspense, ...read } = options;
  const version = read.version ?? 0;
  const { type } = source.definition;
  const latest = useEntity<T>(type, version ? undefined : id);
  const request = useRequest(
    id === undefined ? undefined : `${type}\0${id}\0${version}`,
    // core reads `maxAgeMs` for latest reads only (a historical version never changes).
    (force, signal) => source.get(id as string, { ...read, ...(force && { maxAgeMs: 0 }), signal }),
    suspense,
  );
  // A historical version never changes, so the response itself is the data (core caches it too).
  const data = version ? (request.entry.result as T | undefined) : latest;
  return toResult(data, request, suspense);
}
