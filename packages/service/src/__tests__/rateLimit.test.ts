import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../rateLimit';

describe('createRateLimiter', () => {
  it('lets a full bucket through, then answers with whole-second Retry-After', () => {
    let t = 0;
    const limiter = createRateLimiter({ capacity: 3, refillPerSecond: 0.5 }, () => t);
    expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, true]);
    // One token needs 2 s at 0.5/s.
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 2 });
    t = 1500;
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    t = 2000;
    expect(limiter.take('a')).toEqual({ ok: true });
  });

  it('never announces less than one second, even when a token is milliseconds away', () => {
    let t = 0;
    const limiter = createRateLimiter({ capacity: 1, refillPerSecond: 50 }, () => t);
    expect(limiter.take('a').ok).toBe(true);
    t = 19;
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    t = 20;
    expect(limiter.take('a').ok).toBe(true);
  });

  it('keeps one bucket per token unless scope is global', () => {
    const perToken = createRateLimiter({ capacity: 1, refillPerSecond: 1 }, () => 0);
    expect(perToken.take('a').ok).toBe(true);
    expect(perToken.take('b').ok).toBe(true);
    expect(perToken.take('a').ok).toBe(false);
    const global = createRateLimiter({ capacity: 1, refillPerSecond: 1, scope: 'global' }, () => 0);
    expect(global.take('a').ok).toBe(true);
    expect(global.take('b').ok).toBe(false);
  });

  it('refills no higher than capacity', () => {
    let t = 0;
    const limiter = createRateLimiter({ capacity: 2, refillPerSecond: 10 }, () => t);
    t = 60_000;
    expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, false]);
  });

  it('rejects a bucket that could never admit a request', () => {
    expect(() => createRateLimiter({ capacity: 0 }, () => 0)).toThrow(RangeError);
    expect(() => createRateLimiter({ refillPerSecond: 0 }, () => 0)).toThrow(RangeError);
  });
});
