/** The service's token-bucket rate limit: past it, 429 with `Retry-After`. */
export interface RateLimitOptions {
  /** Most requests a client may send in one burst. @default 100 */
  capacity?: number;
  /** Tokens added back per second. @default 50 */
  refillPerSecond?: number;
  /** One bucket per access token, or one shared by everyone. @default 'token' */
  scope?: 'token' | 'global';
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(token: string): RateLimitResult;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket refilled lazily from the injected clock, so no timer runs and tests can
 * drive it with a fake clock.
 */
export function createRateLimiter(options: RateLimitOptions, now: () => number): RateLimiter {
  const capacity = options.capacity ?? 100;
  const refillPerSecond = options.refillPerSecond ?? 50;
  const scope = options.scope ?? 'token';
  if (!(capacity >= 1) || !(refillPerSecond > 0)) {
    throw new RangeError('rateLimit needs capacity >= 1 and refillPerSecond > 0; pass false to disable it.');
  }
  const buckets = new Map<string, Bucket>();

  return {
    take(token) {
      const key = scope === 'global' ? '' : token;
      const t = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { tokens: capacity, at: t };
        buckets.set(key, bucket);
      }
      bucket.tokens = Math.min(capacity, bucket.tokens + ((t - bucket.at) / 1000) * refillPerSecond);
      bucket.at = t;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      // Whole seconds, rounded up, at least 1: waiting that long is guaranteed to find a token.
      const seconds = Math.ceil((1 - bucket.tokens) / refillPerSecond);
      return { ok: false, retryAfterSeconds: Math.max(1, seconds) };
    },
  };
}
