import { timer } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { reply, SECRET_TOKEN, standardError } from '../../client/__tests__/scripted';
import {
  type ApiError,
  BusinessRuleError,
  ConcurrentUpdateError,
  GatewayError,
  IdempotencyInProgressError,
  NetworkError,
  RateLimitError,
  RequestValidationError,
} from '../../errors/apiError';
import { IdempotencyKeyReuseError } from '../../errors/idempotencyKeyReuseError';
import { getSpec, ok, outcome, patchSpec, postSpec, setup, times, virtual } from './transportHarness';

describe('transport: 429 and Retry-After', () => {
  it('waits exactly Retry-After (delay-seconds) before the retry when jitter is 0', () => {
    virtual((flush) => {
      const t = setup((_, i) => (i === 0 ? reply(429, {}, { 'retry-after': '5' }) : ok));
      const r = outcome(t.transport.request(getSpec));
      flush();
      expect(times(t.requests)).toEqual([0, 5000]);
      expect(r.value).toEqual({ id: 't1' });
    });
  });

  it('adds full jitter on top of Retry-After, never less than it', () => {
    virtual((flush) => {
      const t = setup((_, i) => (i === 0 ? reply(429, {}, { 'retry-after': '5' }) : ok), {
        random: () => 0.5,
      });
      outcome(t.transport.request(getSpec));
      flush();
      // 5 s asked + 0.5 × min(30 s, 500 ms × 2^0)
      expect(times(t.requests)).toEqual([0, 5250]);
    });
  });

  it('reads an HTTP-date Retry-After against the scheduler clock', () => {
    virtual((flush) => {
      // Virtual time starts at the epoch, so this date is 3 s ahead.
      const t = setup((_, i) =>
        i === 0 ? reply(429, {}, { 'retry-after': 'Thu, 01 Jan 1970 00:00:03 GMT' }) : ok,
      );
      outcome(t.transport.request(getSpec));
      flush();
      expect(times(t.requests)).toEqual([0, 3000]);
    });
  });

  it('ends the call at once with RateLimitError when Retry-After exceeds the cap', () => {
    virtual((flush) => {
      const t = setup(() => reply(429, {}, { 'retry-after': '120' }));
      const r = outcome(t.transport.request(getSpec));
      flush();
      expect(t.requests).toHaveLength(1);
      expect(r.error).toBeInstanceOf(RateLimitError);
      expect((r.error as RateLimitError).retryAfterMs).toBe(120_000);
    });
  });

  it('falls back to defaultRetryAfterMs for a garbage Retry-After, and stops after maxAttempts', () => {
    virtual((flush) => {
      const t = setup(() => reply(429, {}, { 'retry-after': 'soon-ish' }));
      const r = outcome(t.transport.request(getSpec));
      flush();
      expect(times(t.requests)).toEqual([0, 1000, 2000, 3000, 4000]);
      expect(r.error).toBeInstanceOf(RateLimitError);
      expect((r.error as RateLimitError).retryAfterMs).toBeUndefined();
    });
  });

  it('makes other requests to the same service wait out the cooldown instead of bursting into it', () => {
    virtual((flush) => {
      const t = setup((q, i) =>
        i === 0 ? reply(429, {}, { 'retry-after': '5' }) : reply(200, { id: q.url.slice(-2) }),
      );
      outcome(t.transport.request(getSpec));
      // An unrelated request starts 1 s into the cooldown: it is sent when the cooldown ends.
      timer(1000).subscribe(() => outcome(t.transport.request({ ...getSpec, path: '/things/t2' })));
      flush();
      const sent = t.requests.map((q) => `${q.url.slice(-2)}@${q.at}`);
      expect(sent.sort()).toEqual(['t1@0', 't1@5000', 't2@5000']);
    });
  });
});

describe('transport: what is resent', () => {
  it('retries a GET after network errors with capped exponential backoff and full jitter', () => {
    virtual((flush) => {
      const t = setup((_, i) => (i < 3 ? new TypeError('fetch failed') : ok), { random: () => 0.5 });
      const r = outcome(t.transport.request(getSpec));
      flush();
      // waits 0.5 × 500, 0.5 × 1000, 0.5 × 2000
      expect(times(t.requests)).toEqual([0, 250, 750, 1750]);
      expect(r.value).toEqual({ id: 't1' });
    });
  });

  it('never resends an unkeyed PATCH after a network error or a 5xx', () => {
    virtual((flush) => {
      const a = setup(() => new TypeError('fetch failed'));
      const ra = outcome(a.transport.request(patchSpec));
      const b = setup(() => reply(503, standardError('Unavailable', 'down')));
      const rb = outcome(b.transport.request(patchSpec));
      flush();
      expect(a.requests).toHaveLength(1);
      expect(ra.error).toBeInstanceOf(NetworkError);
      expect(b.requests).toHaveLength(1);
      expect((rb.error as ApiError).status).toBe(503);
    });
  });

  it('resends a keyed POST after a 5xx with the same key and the byte-identical body', () => {
    virtual((flush) => {
      const t = setup((_, i) => (i < 2 ? reply(500, '<html>oops</html>') : reply(201, { id: 'new' })));
      const r = outcome(t.transport.request(postSpec));
      flush();
      expect(t.requests).toHaveLength(3);
      expect(new Set(t.requests.map((q) => q.headers['idempotency-key']))).toEqual(new Set(['key-1']));
      expect(new Set(t.requests.map((q) => q.body))).toEqual(new Set([JSON.stringify(postSpec.body)]));
      expect(r.value).toEqual({ id: 'new' });
    });
  });

  it('retries 409 idempotency-in-progress with the same key and body, bounded', () => {
    virtual((flush) => {
      const inProgress = reply(409, standardError('IdempotencyKeyInUse', 'still processing'));
      const a = setup((_, i) => (i < 2 ? inProgress : reply(201, { id: 'new' })));
      const ra = outcome(a.transport.request(postSpec));
      const b = setup(() => inProgress);
      const rb = outcome(b.transport.request(postSpec));
      flush();
      expect(a.requests).toHaveLength(3);
      expect(ra.value).toEqual({ id: 'new' });
      expect(b.requests).toHaveLength(5);
      expect(rb.error).toBeInstanceOf(IdempotencyInProgressError);
      expect((rb.error as IdempotencyInProgressError).idempotencyKey).toBe('key-1');
    });
  });

  it.each([
    [
      '400',
      reply(400, standardError('RequestValidationError', 'bad', { errors: [{ field: 'x' }] })),
      RequestValidationError,
    ],
    ['422', reply(422, standardError('LimitExceeded', 'too much')), BusinessRuleError],
    ['403', reply(403, { message: 'inactive' }), GatewayError],
    [
      '409 concurrent',
      reply(
        409,
        standardError('ConcurrentUpdate', 'changed', {
          details: { object_type: 'thing', object_id: 't1', expected_version: 1, found_version: 2 },
        }),
      ),
      ConcurrentUpdateError,
    ],
  ])('never resends a %s unchanged, even keyed', (_, answer, type) => {
    virtual((flush) => {
      const t = setup(() => answer);
      const r = outcome(t.transport.request(postSpec));
      flush();
      expect(t.requests).toHaveLength(1);
      expect(r.error).toBeInstanceOf(type);
    });
  });

  it('times an attempt out, aborts it, and retries a GET', () => {
    virtual((flush) => {
      const t = setup((_, i) => (i === 0 ? { ...ok, latencyMs: 60_000 } : ok), {
        retry: { timeoutMs: 2000 },
      });
      const r = outcome(t.transport.request(getSpec));
      flush();
      expect(times(t.requests)).toEqual([0, 2000]);
      expect(t.aborted()).toBe(1);
      expect(r.value).toEqual({ id: 't1' });
    });
  });

  it('reports a timeout of an unkeyed write as NetworkError with timedOut', () => {
    virtual((flush) => {
      const t = setup(() => ({ ...ok, latencyMs: 60_000 }), { retry: { timeoutMs: 2000 } });
      const r = outcome(t.transport.request(patchSpec));
      flush();
      expect(t.requests).toHaveLength(1);
      expect(r.error).toBeInstanceOf(NetworkError);
      expect((r.error as NetworkError).timedOut).toBe(true);
    });
  });

  it('stops retrying when the client-wide retry budget runs dry', () => {
    virtual((flush) => {
      const t = setup(() => reply(503, {}), { retry: { budget: { capacity: 12 } } });
      const first = outcome(t.transport.request(getSpec));
      flush();
      // 12 tokens pay for two retries at 5 each; the third is refused.
      expect(t.requests).toHaveLength(3);
      expect((first.error as ApiError).status).toBe(503);
      const second = outcome(t.transport.request({ ...getSpec, path: '/things/t2' }));
      flush();
      expect(t.requests).toHaveLength(4);
      expect(second.done).toBe(true);
    });
  });

  it('unsubscribing aborts the attempt in flight and cancels every pending retry', () => {
    virtual((flush) => {
      const t = setup((_, i) =>
        i === 0 ? reply(429, {}, { 'retry-after': '5' }) : { ...ok, latencyMs: 1000 },
      );
      const r = outcome(t.transport.request(getSpec));
      timer(5500).subscribe(() => r.unsubscribe());
      flush();
      expect(times(t.requests)).toEqual([0, 5000]);
      expect(t.aborted()).toBe(1);
      expect(r.done).toBe(false);
    });
  });
});

describe('transport: tokens, idempotency, sharing', () => {
  it('sends the token as a Bearer header and the idempotency key as a header', () => {
    virtual((flush) => {
      const t = setup(() => reply(201, { id: 'new' }));
      outcome(t.transport.request(postSpec));
      flush();
      expect(t.requests[0]?.headers).toMatchObject({
        authorization: `Bearer ${SECRET_TOKEN}`,
        'idempotency-key': 'key-1',
        'content-type': 'application/json',
      });
      expect(t.requests[0]?.url).toBe('https://api.test/things');
    });
  });

  it('refreshes the token once on a gateway 401 and retries once; a second 401 is final', () => {
    virtual((flush) => {
      const a = setup(
        (q) => (q.headers.authorization === 'Bearer new' ? ok : reply(401, { message: 'expired' })),
        {
          tokens: ['old', 'new'],
        },
      );
      const ra = outcome(a.transport.request(getSpec));
      const b = setup(() => reply(401, { message: 'nope' }));
      const rb = outcome(b.transport.request(getSpec));
      flush();
      expect(a.requests.map((q) => q.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
      expect(ra.value).toEqual({ id: 't1' });
      expect(b.requests).toHaveLength(2);
      expect(b.tokenCalls()).toBe(2);
      expect(rb.error).toBeInstanceOf(GatewayError);
    });
  });

  it('treats a gateway 403 as final: no refresh, no retry', () => {
    virtual((flush) => {
      const t = setup(() => reply(403, { message: 'business inactive' }));
      const r = outcome(t.transport.request(getSpec));
      flush();
      expect(t.requests).toHaveLength(1);
      expect(t.tokenCalls()).toBe(1);
      expect(r.error).toBeInstanceOf(GatewayError);
    });
  });

  it('refuses to reuse an idempotency key with a different body, before sending', () => {
    virtual((flush) => {
      const t = setup(() => reply(201, { id: 'new' }));
      outcome(t.transport.request(postSpec));
      const r = outcome(t.transport.request({ ...postSpec, body: { name: 'y', n: 1 } }));
      const again = outcome(t.transport.request(postSpec));
      flush();
      expect(r.error).toBeInstanceOf(IdempotencyKeyReuseError);
      expect(again.value).toEqual({ id: 'new' });
      expect(t.requests).toHaveLength(2);
    });
  });

  it('sends every call it is given (reads of one key share a request in the read cache instead)', () => {
    virtual((flush) => {
      const t = setup(() => ({ ...ok, latencyMs: 100 }));
      const a = outcome(t.transport.request(getSpec));
      const b = outcome(t.transport.request(getSpec));
      flush();
      expect(t.requests).toHaveLength(2);
      expect([a.value, b.value]).toEqual([{ id: 't1' }, { id: 't1' }]);
    });
  });

  it('emits what land makes of a valid reply; what land throws fails the call as it is, not retried', () => {
    virtual((flush) => {
      const t = setup(() => ok);
      const landed = outcome(t.transport.request({ ...getSpec, land: (value) => ({ id: `${value.id}!` }) }));
      const broken = new RangeError('the store refused it');
      const failed = outcome(
        t.transport.request({
          ...getSpec,
          land: () => {
            throw broken;
          },
        }),
      );
      flush();
      expect(landed.value).toEqual({ id: 't1!' });
      expect(failed.error).toBe(broken);
      expect(t.requests).toHaveLength(2);
    });
  });
});
