/**
 * Request status per key: whether a read is in flight, how the last one ended, and (for reads whose
 * result the store does not hold as "latest", such as historical versions and lists) its result.
 * Entity data itself is never copied here; the store owns it.
 */
export interface RequestEntry {
  /** In flight; shared by every caller of `load` for this key until it settles (never rejects). */
  readonly promise?: Promise<void>;
  /** Aborts the request in flight; used when the last subscriber of its key leaves. */
  readonly controller?: AbortController;
  /** Present when the last settled request failed; `at` is when (epoch ms). */
  readonly failure?: { readonly error: unknown; readonly at: number };
  /** Result of the last successful request. */
  readonly result?: unknown;
  /** When the last request succeeded (epoch ms). */
  readonly at?: number;
}

export interface RequestCache {
  read(key: string): RequestEntry;
  /** The subscribers of a key are its readers: when the last one leaves, its request is aborted. */
  subscribe(key: string, listener: () => void): () => void;
  /** Starts `run` unless a request for `key` is in flight, in which case that one is returned. */
  load(key: string, run: (signal: AbortSignal) => Promise<unknown>): Promise<void>;
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
        if (own.size) return;
        listeners.delete(key);
        // A microtask later: StrictMode's unmount and remount, and a component that moves, leave and
        // come back within one commit, and must keep the request they share.
        queueMicrotask(() => listeners.has(key) || entries.get(key)?.controller?.abort());
      };
    },
    load(key, run) {
      const held = entries.get(key) ?? IDLE;
      if (held.promise) return held.promise;
      const controller = new AbortController();
      // The stored promise settles to undefined either way, so an unobserved failure is not an
      // unhandled rejection; the error lives in `failure` for the hooks to show. `held` has no
      // promise (see above), so either entry also marks the key as no longer in flight.
      const promise = run(controller.signal).then(
        (result) => put(key, { result, at: Date.now() }),
        // Aborted because nobody reads the key any more: no failure, the next reader asks afresh.
        (error: unknown) =>
          put(key, controller.signal.aborted ? held : { ...held, failure: { error, at: Date.now() } }),
      );
      put(key, { ...held, promise, controller });
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
