import type { VStoreError } from '../errors/vstoreError';
import { callEach, throwCollected } from '../store/callEach';
import { entityKey } from '../store/entityKey';

/**
 * What the client knows about one read, beside the data the store holds: plain data, so a snapshot
 * of the cache (server rendering) is a copy of its entries. Times are scheduler milliseconds.
 */
export interface ReadState {
  /** Latest reads: when the service last confirmed the store's copy (for `maxAgeMs`). */
  readonly confirmedAt?: number | undefined;
  /** When the last read of this key succeeded. */
  readonly settledAt?: number | undefined;
  /** The last read's failure; cleared by the next success. */
  readonly error?: VStoreError | undefined;
  readonly errorAt?: number | undefined;
  /** Reads whose answer the store does not hold as latest: a history list, a historical version. */
  readonly result?: unknown;
  /** Resources without versions: the start number of the request whose reply is held. */
  readonly startOrder?: number | undefined;
  /** History lists: the store's latest version when the list landed (what it has caught up with). */
  readonly resultAt?: number | undefined;
}

/** Which read of an entity a key names: 0 the latest, n >= 1 a historical version, its history list, or a task's polling. */
export type ReadKind = number | 'history' | 'poll';

/**
 * The request-cache key of one read of an entity: `type` and `id` with the kind of read (0 the latest,
 * n a version, `history`, `poll`). For reading a client's request state in tools and tests.
 */
export const readKey = (type: string, id: string, kind: ReadKind): string =>
  `${entityKey(type, id)}\u0000${kind}`;

/** Options of `createRequestCache`: how many unobserved entries to keep, and the clock. */
export interface RequestCacheOptions {
  /**
   * Entries kept for keys nobody observes and nothing reads; the oldest go first. Entries of
   * observed or in-flight keys are never dropped.
   * @default 1000
   */
  maxEntries?: number;
  /** @default Date.now */
  now?: () => number;
}

/** The one home of request state of a client: reads in flight, last failures, freshness, results. */
export interface RequestCache {
  /** The state of one read key, if anything is known about it. */
  get(key: string): ReadState | undefined;
  /** Merges `patch` into the key's state (a new object) and notifies the key's listeners. */
  set(key: string, patch: ReadState): void;
  /** Every entry, oldest first (the shape a snapshot copies). */
  entries(): IterableIterator<[string, ReadState]>;
  /** Whether a read of `key` is in flight. */
  isFetching(key: string): boolean;
  /**
   * Starts `start` unless a read of `key` is in flight, in which case that one is returned. The
   * promise never rejects: a failure lands in `error`, an abort (nobody reads the key any more)
   * leaves the state as it was. `done` turns a success into the state to merge. With `replace`, a
   * read in flight is aborted and a new one started instead (a refetch: the old one may predate a change).
   */
  run<T>(
    key: string,
    start: (signal: AbortSignal) => Promise<T>,
    done?: (value: T) => ReadState,
    replace?: boolean,
  ): Promise<void>;
  /**
   * Marks the key as read by someone; the returned release, once the last reader has left, aborts the
   * read in flight a microtask later (a StrictMode remount, or a component that moves, keeps it).
   */
  retain(key: string): () => void;
  /** Called when the key's state or in-flight status changes. */
  subscribe(key: string, listener: () => void): () => void;
  /** Reads in flight now, across keys. */
  readonly fetching: number;
}

interface Flight {
  readonly promise: Promise<void>;
  readonly controller: AbortController;
}

export function createRequestCache(options: RequestCacheOptions = {}): RequestCache {
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? (() => Date.now());
  const states = new Map<string, ReadState>();
  const flights = new Map<string, Flight>();
  const readers = new Map<string, number>();
  const listeners = new Map<string, Set<() => void>>();

  const notify = (key: string) => {
    const own = listeners.get(key);
    if (own) throwCollected(callEach([...own], undefined), 'request listeners threw');
  };
  const busy = (key: string) => flights.has(key) || readers.has(key) || listeners.has(key);
  // Bounded: past maxEntries, the oldest entries that nobody reads go. Map order is insertion order,
  // and `set` re-inserts, so the oldest are the least recently written.
  const prune = () => {
    if (states.size <= maxEntries) return;
    for (const key of states.keys()) {
      if (states.size <= maxEntries) return;
      if (!busy(key)) states.delete(key);
    }
  };

  const cache: RequestCache = {
    get: (key) => states.get(key),
    set(key, patch) {
      const next = { ...states.get(key), ...patch };
      states.delete(key);
      states.set(key, next);
      prune();
      notify(key);
    },
    entries: () => states.entries(),
    isFetching: (key) => flights.has(key),
    run<T>(
      key: string,
      start: (signal: AbortSignal) => Promise<T>,
      done?: (value: T) => ReadState,
      replace = false,
    ) {
      const running = flights.get(key);
      if (running && !replace) return running.promise;
      running?.controller.abort();
      const controller = new AbortController();
      let started: Promise<T>;
      try {
        started = start(controller.signal);
      } catch (error) {
        started = Promise.reject(error);
      }
      // Only this read's own end clears the key: a replaced read ends after its replacement started.
      // An aborted read leaves no trace: no error, no result; only `isFetching` goes back to false.
      const aborted = () => {
        const mine = flights.get(key) === flight && flights.delete(key);
        if (!controller.signal.aborted) return false;
        if (mine) notify(key);
        return true;
      };
      const promise = started.then(
        (value) => {
          if (aborted()) return;
          cache.set(key, { ...done?.(value), settledAt: now(), error: undefined, errorAt: undefined });
        },
        (error: unknown) => {
          if (!aborted()) cache.set(key, { error: error as VStoreError, errorAt: now() });
        },
      );
      const flight: Flight = { promise, controller };
      flights.set(key, flight);
      notify(key);
      return promise;
    },
    retain(key) {
      readers.set(key, (readers.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (readers.get(key) ?? 1) - 1;
        if (left > 0) {
          readers.set(key, left);
          return;
        }
        readers.delete(key);
        queueMicrotask(() => {
          if (!readers.has(key)) flights.get(key)?.controller.abort();
        });
      };
    },
    subscribe(key, listener) {
      const own = listeners.get(key) ?? new Set();
      listeners.set(key, own.add(listener));
      return () => {
        own.delete(listener);
        if (own.size === 0 && listeners.get(key) === own) listeners.delete(key);
      };
    },
    get fetching() {
      return flights.size;
    },
  };
  return cache;
}
