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

export interface IdempotencyStore {
  /** Claims `key` for a request whose canonical body is `fingerprint`. */
  admit(scope: string, key: string, fingerprint: string): Admission;
  complete(scope: string, key: string, result: StoredResult): void;
  /** Releases a claim whose request ended without a result worth replaying (e.g. the service closed). */
  release(scope: string, key: string): void;
  inFlightKeys(): string[];
  size(): number;
}

/**
 * Keys are scoped per access token (two businesses may pick the same key) and kept for `ttlMs`
 * after their request started; an expired key behaves as new.
 */
export function createIdempotencyStore(now: () => number, ttlMs: number): IdempotencyStore {
  const entries = new Map<string, Entry>();
  const id = (scope: string, key: string): string => `${scope}\u0000${key}`;

  return {
    admit(scope, key, fingerprint) {
      const entry = entries.get(id(scope, key));
      if (entry && now() - entry.at >= ttlMs && entry.result) entries.delete(id(scope, key));
      else if (entry) {
        // A different body is answered before "in flight": resending it unchanged can never succeed.
        if (entry.fingerprint !== fingerprint) return { kind: 'different_body' };
        return entry.result ? { kind: 'replay', result: entry.result } : { kind: 'in_flight' };
      }
      entries.set(id(scope, key), { fingerprint, at: now() });
      return { kind: 'new' };
    },
    complete(scope, key, result) {
      const entry = entries.get(id(scope, key));
      if (entry) entry.result = result;
    },
    release(scope, key) {
      entries.delete(id(scope, key));
    },
    inFlightKeys() {
      return [...entries.entries()]
        .filter(([, e]) => !e.result)
        .map(([k]) => k.slice(k.indexOf('\u0000') + 1));
    },
    size() {
      return entries.size;
    },
  };
}
