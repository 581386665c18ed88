// Regressions of review 21 (the HTTP client path): each case failed before its fix.
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RetryOptions } from '../../http/retryPolicy';
import { createClient } from '../createClient';
import { reply, scriptedClient, spendControl } from './scripted';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const base = { baseUrl: 'https://api.test', getToken: () => 't0ken' };

describe('createClient refuses bad retry options at creation', () => {
  const bad: [string, RetryOptions][] = [
    ['timeoutMs NaN', { timeoutMs: Number.NaN }],
    ['timeoutMs negative', { timeoutMs: -1 }],
    ['timeoutMs zero', { timeoutMs: 0 }],
    ['maxAttempts NaN', { maxAttempts: Number.NaN }],
    ['baseDelayMs negative', { baseDelayMs: -500 }],
    ['maxDelayMs NaN', { maxDelayMs: Number.NaN }],
    ['maxRetryAfterMs NaN', { maxRetryAfterMs: Number.NaN }],
    ['defaultRetryAfterMs negative', { defaultRetryAfterMs: -1000 }],
    ['budget capacity NaN', { budget: { capacity: Number.NaN } }],
  ];
  for (const [label, retry] of bad) {
    it(`throws a TypeError for ${label}`, () => {
      expect(() => createClient({ ...base, retry })).toThrow(TypeError);
    });
  }
});

describe('waits past what a timer can take', () => {
  it('a timeoutMs past 2^31-1 ms (setTimeout overflow) spins the deadline timer every millisecond', async () => {
    let schedules = 0;
    const scheduler: SchedulerLike = {
      now: () => asyncScheduler.now(),
      schedule: ((work: never, delay?: number, state?: never) => {
        schedules++;
        return asyncScheduler.schedule(work, delay, state);
      }) as SchedulerLike['schedule'],
    };
    const { client } = scriptedClient(() => ({ ...reply(200, spendControl(1)), latencyMs: 2_000 }), {
      // "a month": a plausible way to say "no timeout" for slow batch endpoints
      retry: { timeoutMs: 30 * 24 * 3_600_000, maxAttempts: 1 },
      scheduler,
    });
    const got = client.spendControls.get('sc_1');
    const before = schedules;
    await vi.advanceTimersByTimeAsync(2_000);
    expect((await got).version).toBe(1);
    // One deadline for one request: it should be armed once, not two thousand times.
    expect(schedules - before).toBeLessThan(10);
  });

  it('maxRetryAfterMs: Infinity ("always honour it") retries a month-long Retry-After after 1 ms', async () => {
    const { client, requests } = scriptedClient(
      (_, i) =>
        i === 0 ? reply(429, {}, { 'retry-after': String(30 * 24 * 3600) }) : reply(200, spendControl(1)),
      { retry: { maxRetryAfterMs: Number.POSITIVE_INFINITY } },
    );
    client.spendControls.get('sc_1').catch(() => {});
    await vi.advanceTimersByTimeAsync(60_000);
    // The service asked for 30 days; setTimeout cannot wait past 2^31-1 ms and fires at once instead.
    expect(requests).toHaveLength(1);
  });
});

describe('createClient refuses a baseUrl it cannot build request URLs from', () => {
  it.each([
    ['no scheme (a common slip)', 'api.example.com'],
    ['a query string', 'https://api.example.com/v1?tenant=acme'],
    ['a fragment', 'https://api.example.com/v1#prod'],
    ['a scheme fetch cannot send to', 'ftp://api.example.com'],
  ])('throws a TypeError at creation for %s', (_, baseUrl) => {
    expect(() => createClient({ baseUrl, getToken: () => 't0ken' })).toThrow(TypeError);
  });

  it('does not show the refused value, which may carry credentials', () => {
    expect(() =>
      createClient({ baseUrl: 'https://user:hunter22@api.test/?x=1', getToken: () => 't' }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('hunter22') }));
  });

  it('takes http(s) URLs with a path, and caps of Infinity', () => {
    for (const baseUrl of ['http://127.0.0.1:8080', 'https://api.example.com/v1/', 'https://u:p@api.test'])
      expect(() =>
        createClient({
          baseUrl,
          getToken: () => 't',
          retry: {
            maxRetryAfterMs: Number.POSITIVE_INFINITY,
            maxDelayMs: Number.POSITIVE_INFINITY,
            budget: false,
          },
        }),
      ).not.toThrow();
  });

  it("refuses a call's own bad timeoutMs as the call's error, sending nothing", async () => {
    const { client, requests } = scriptedClient(() => reply(200, spendControl(1)));
    for (const timeoutMs of [Number.NaN, 0, -1])
      await expect(client.spendControls.get('sc_1', { timeoutMs })).rejects.toThrow(/timeoutMs must be/);
    expect(requests).toHaveLength(0);
  });
});
