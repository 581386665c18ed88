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
  createsByKey(): Record<string, number>;
  inFlightKeys(): string[];
  size(): number;
}

const id = (scope: string, key: string): string => `${scope}\u0000${key}`;
const keyOf = (scoped: string): string => scoped.slice(scoped.indexOf('\u0000') + 1);

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

/**
 * Keys are scoped per access token (two businesses may pick the same key) and kept for `ttlMs`
 * after their request started; an expired key behaves as new. Expired keys are swept on every
 * admission, so the store holds only the keys of the last `ttlMs` (and those still in flight).
 */
export function createIdempotencyStore(now: () => number, ttlMs: number): IdempotencyStore {
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
      }
    },
    createsByKey() {
      const sums = new Map<string, number>();
      for (const [scoped, { count }] of creates) {
        sums.set(keyOf(scoped), (sums.get(keyOf(scoped)) ?? 0) + count);
      }
      // Object.fromEntries defines own properties, so a key such as "__proto__" cannot reach a prototype.
      return Object.fromEntries(sums);
    },
    inFlightKeys() {
      return [...entries.entries()].filter(([, e]) => !e.result).map(([k]) => keyOf(k));
    },
    size() {
      return entries.size;
    },
  };
}
