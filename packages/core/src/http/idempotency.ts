import { IdempotencyKeyReuseError } from '../errors/idempotencyKeyReuseError';

/** A fresh key for one create or money-movement call. */
export function createIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Remembers which body each idempotency key was sent with. */
export interface IdempotencyRegistry {
  /**
   * Records `body` for `key`, or throws `IdempotencyKeyReuseError` when the key was used with a
   * different body: the service would answer 422, so the client refuses before sending.
   */
  claim(key: string, body: string): void;
}

/** Bounded: the oldest keys are forgotten first (the service's own retention is "not shown"). */
export function createIdempotencyRegistry(limit = 1000): IdempotencyRegistry {
  const bodies = new Map<string, string>();
  return {
    claim(key, body) {
      const known = bodies.get(key);
      if (known !== undefined && known !== body) throw new IdempotencyKeyReuseError(key);
      bodies.delete(key);
      bodies.set(key, body);
      if (bodies.size > limit) {
        const oldest = bodies.keys().next();
        if (!oldest.done) bodies.delete(oldest.value);
      }
    },
  };
}
