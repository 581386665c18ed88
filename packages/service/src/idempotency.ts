/** A finished keyed request, replayed as is for a retry with the same key and body. */
export interface StoredResult {
  status: number;
  body: unknown;
}

export type Admission =
  | { kind: 'new' }
  | { kind: 'in_flight' }
  | { kind: 'different_body' }
  | { kind: 'replay'; result: StoredResult };

interface Entry {
  fingerprint: string;
  result?: StoredResult;
  at: number;
}

interface CreateCount {
  count: number;
  /** When the key was admitted for its first create: the count lives exactly as long as that key. */
  at: number;
}

/** How long and how many `Idempotency-Key`s (and their results, replayed for a repeat) the service keeps. */
export interface IdempotencyOptions {
  /** How long a key and its result are kept after its request started. @default 86_400_000 (24 h) */
  ttlMs?: number;
  /**
   * Most keys kept (over all tokens); past it the oldest finished key leaves first. A key whose
   * request is still running is never evicted. @default 10_000
   */
  maxEntries?: number;
}

export interface IdempotencyStore {
  /** Claims `key` for a request whose canonical body is `fingerprint`. */
  admit(scope: string, key: string, fingerprint: string): Admission;
  complete(scope: string, key: string, result: StoredResult): void;
  /** Releases a claim whose request ended without a result worth replaying (e.g. the service closed). */
  release(scope: string, key: string): void;
  /** Counts a create committed under `key`, for `createsByKey`. */
  countCreate(scope: string, key: string): void;
  /**
   * Creates per key (summed over scopes) for every key still within the TTL: 1 each when retries are
   * safe. Kept apart from the claims, so a claim lost by mistake cannot reset a count and hide a
   * second create.
   */
  createsByKey(scope?: string): Record<string, number>;
  /** Keys still in flight, of `scope` only when given (a caller sees its own keys, never another's). */
  inFlightKeys(scope?: string): string[];
  size(): number;
}

const id = (scope: string, key: string): string => `${scope}\u0000${key}`;
const keyOf = (scoped: string): string => scoped.slice(scoped.indexOf('\u0000') + 1);
const inScope = (scoped: string, scope: string | undefined): boolean =>
  scope === undefined || scoped.startsWith(`${scope}\u0000`);

/**
 * Drops entries from the front of `map` while `expired` says so. Entries are inserted as their
 * clock starts (a Map keeps insertion order), so the oldest come first and a sweep stops at the
 * first live one: amortised O(1) per admitted key.
 */
function dropExpired<V>(map: Map<string, V>, expired: (value: V) => boolean): void {
  for (const [key, value] of map) {
    if (!expired(value)) return;
    map.delete(key);
  }
}

/** Deletes the oldest entries that `evictable` allows until `map` holds at most `max`. */
function dropOldest<V>(map: Map<string, V>, max: number, evictable: (value: V) => boolean): void {
  if (map.size <= max) return;
  for (const [key, value] of map) {
    if (map.size <= max) return;
    if (evictable(value)) map.delete(key);
  }
}

/**
 * Keys are scoped per access token (two businesses may pick the same key) and kept for `ttlMs`
 * after their request started; an expired key behaves as new. Expired keys are swept on every
 * admission, and past `maxEntries` the oldest finished keys go, so memory stays bounded whatever
 * the traffic: a retry after eviction is served as new, which only a flood of other keys causes.
 */
export function createIdempotencyStore(
  now: () => number,
  options: IdempotencyOptions = {},
): IdempotencyStore {
  const ttlMs = options.ttlMs ?? 86_400_000;
  const maxEntries = options.maxEntries ?? 10_000;
  if (!(ttlMs >= 0) || !Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError('idempotency needs ttlMs >= 0 and an integer maxEntries >= 1.');
  }
  const entries = new Map<string, Entry>();
  const creates = new Map<string, CreateCount>();
  const past = (at: number, t: number) => t - at >= ttlMs;
  // A request still running keeps its key (and holds up the sweep) until it completes or is released.
  const expired = (entry: Entry, t: number) => past(entry.at, t) && entry.result !== undefined;

  return {
    admit(scope, key, fingerprint) {
      const t = now();
      dropExpired(entries, (e) => expired(e, t));
      dropExpired(creates, (c) => past(c.at, t));
      const entry = entries.get(id(scope, key));
      if (entry && expired(entry, t)) entries.delete(id(scope, key));
      else if (entry) {
        // A different body is answered before "in flight": resending it unchanged can never succeed.
        if (entry.fingerprint !== fingerprint) return { kind: 'different_body' };
        return entry.result ? { kind: 'replay', result: entry.result } : { kind: 'in_flight' };
      }
      entries.set(id(scope, key), { fingerprint, at: t });
      dropOldest(entries, maxEntries, (e) => e.result !== undefined);
      return { kind: 'new' };
    },
    complete(scope, key, result) {
      const entry = entries.get(id(scope, key));
      if (entry) entry.result = result;
    },
    release(scope, key) {
      entries.delete(id(scope, key));
    },
    countCreate(scope, key) {
      const t = now();
      const held = creates.get(id(scope, key));
      if (held && !past(held.at, t)) held.count += 1;
      else {
        // Re-inserted, not updated, so the map stays in order of `at` for the sweep.
        creates.delete(id(scope, key));
        creates.set(id(scope, key), { count: 1, at: entries.get(id(scope, key))?.at ?? t });
        dropOldest(creates, maxEntries, () => true);
      }
    },
    createsByKey(scope) {
      const sums = new Map<string, number>();
      for (const [scoped, { count }] of creates) {
        if (!inScope(scoped, scope)) continue;
        sums.set(keyOf(scoped), (sums.get(keyOf(scoped)) ?? 0) + count);
      }
      // Object.fromEntries defines own properties, so a key such as "__proto__" cannot reach a prototype.
      return Object.fromEntries(sums);
    },
    inFlightKeys(scope) {
      return [...entries.entries()].filter(([k, e]) => !e.result && inScope(k, scope)).map(([k]) => keyOf(k));
    },
    size() {
      return entries.size;
    },
  };
}
