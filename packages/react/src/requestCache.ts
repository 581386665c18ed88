/**
 * Request status per key: whether a read is in flight, how the last one ended, and (for reads whose
 * result the store does not hold as "latest", such as historical versions and lists) its result.
 * Entity data itself is never copied here; the store owns it.
 */
export interface RequestEntry {
  /** In flight; shared by every caller of `load` for this key until it settles (never rejects). */
  readonly promise?: Promise<void>;
  /** Present when the last settled request failed. */
  readonly failure?: { readonly error: unknown };
  /** Result of the last successful request. */
  readonly result?: unknown;
  /** When the last request succeeded (epoch ms). */
  readonly at?: number;
}

export interface RequestCache {
  read(key: string): RequestEntry;
  subscribe(key: string, listener: () => void): () => void;
  /** Starts `run` unless a request for `key` is in flight, in which case that one is returned. */
  load(key: string, run: () => Promise<unknown>): Promise<void>;
}

// Never written to: every change puts a new entry.
const IDLE: RequestEntry = {};

export function createRequestCache(): RequestCache {
  const entries = new Map<string, RequestEntry>();
  const listeners = new Map<string, Set<() => void>>();
  const put = (key: string, entry: RequestEntry) => {
    entries.set(key, entry);
    for (const listener of [...(listeners.get(key) ?? [])]) listener();
  };
  return {
    read: (key) => entries.get(key) ?? IDLE,
    subscribe(key, listener) {
      const own = listeners.get(key) ?? new Set();
      listeners.set(key, own);
      own.add(listener);
      return () => {
        own.delete(listener);
        if (own.size === 0) listeners.delete(key);
      };
    },
    load(key, run) {
      const held = entries.get(key) ?? IDLE;
      if (held.promise) return held.promise;
      // The stored promise settles to undefined either way, so an unobserved failure is not an
      // unhandled rejection; the error lives in `failure` for the hooks to show.
      const promise = run().then(
        (result) => put(key, { result, at: Date.now() }),
        // `held` has no promise (see above), so this also marks the key as no longer in flight.
        (error: unknown) => put(key, { ...held, failure: { error } }),
      );
      put(key, { ...held, promise });
      return promise;
    },
  };
}

const caches = new WeakMap<object, RequestCache>();

/** One cache per client, so two providers with different clients never share request state. */
export function requestCacheFor(owner: object): RequestCache {
  const cache = caches.get(owner) ?? createRequestCache();
  caches.set(owner, cache);
  return cache;
}
