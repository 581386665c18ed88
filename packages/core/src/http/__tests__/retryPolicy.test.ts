import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BusinessRuleError,
  ConcurrentUpdateError,
  GatewayError,
  IdempotencyInProgressError,
  NetworkError,
  RateLimitError,
  RequestValidationError,
} from '../../errors/apiError';
import { createRetryBudget } from '../retryBudget';
import { fullJitter, type RetryContext, resolveRetryOptions, retryDelay } from '../retryPolicy';

const request = { method: 'GET', endpoint: '/x', time: '2024-01-01T00:00:00.000Z' };
const base = { status: 0, request };
const options = resolveRetryOptions();
const ctx = (over: Partial<RetryContext> = {}): RetryContext => ({
  options,
  random: () => 0.5,
  resendable: true,
  ...over,
});

describe('retryDelay', () => {
  it('waits Retry-After plus jitter for a 429 within the cap, and gives up past it', () => {
    const limited = (ms: number | undefined) =>
      new RateLimitError('429', { ...base, status: 429, retryAfterMs: ms });
    expect(retryDelay(limited(5000), 1, ctx())).toBe(5250);
    expect(retryDelay(limited(5000), 3, ctx())).toBe(6000);
    expect(retryDelay(limited(60_000), 1, ctx({ random: () => 0 }))).toBe(60_000);
    expect(retryDelay(limited(60_001), 1, ctx())).toBeUndefined();
    expect(retryDelay(limited(undefined), 1, ctx({ random: () => 0 }))).toBe(1000);
  });

  it('retries network errors and 5xx only when the request may be resent', () => {
    const network = new NetworkError('down', { request });
    const server = new ApiError('500', { ...base, status: 500 });
    expect(retryDelay(network, 1, ctx())).toBe(250);
    expect(retryDelay(server, 2, ctx())).toBe(500);
    expect(retryDelay(network, 1, ctx({ resendable: false }))).toBeUndefined();
    expect(retryDelay(server, 1, ctx({ resendable: false }))).toBeUndefined();
  });

  it('retries idempotency-in-progress, even for non-GET', () => {
    const busy = new IdempotencyInProgressError('busy', { ...base, status: 409, idempotencyKey: 'k' });
    expect(retryDelay(busy, 1, ctx({ resendable: false }))).toBe(250);
  });

  it('never retries 400, 422, 403, 409 concurrent or other 4xx', () => {
    const errors = [
      new RequestValidationError('400', { ...base, status: 400, errors: [] }),
      new BusinessRuleError('422', { ...base, status: 422, rule: 'R', validationErrors: [] }),
      new GatewayError('403', { ...base, status: 403 }),
      new ConcurrentUpdateError('409', {
        ...base,
        status: 409,
        details: { object_type: 'a', object_id: 'b', expected_version: 1, found_version: 2 },
      }),
      new ApiError('404', { ...base, status: 404 }),
      new TypeError('a bug'),
    ];
    for (const error of errors) expect(retryDelay(error, 1, ctx())).toBeUndefined();
  });

  it('charges the budget, more for timeouts, and stops when it is empty', () => {
    const budget = createRetryBudget({ capacity: 15 });
    const timeoutError = new NetworkError('slow', { request, timedOut: true });
    expect(retryDelay(timeoutError, 1, ctx({ budget }))).toBeDefined();
    expect(budget.available).toBe(5);
    expect(retryDelay(timeoutError, 1, ctx({ budget }))).toBeUndefined();
    expect(retryDelay(new NetworkError('x', { request }), 1, ctx({ budget }))).toBeDefined();
    expect(budget.available).toBe(0);
    budget.onSuccess();
    expect(budget.available).toBe(1);
  });
});

describe('fullJitter', () => {
  it('draws from [0, min(cap, base × 2^(n-1)))', () => {
    expect([1, 2, 3, 4].map((n) => fullJitter(n, options, () => 0.999))).toEqual([499, 999, 1998, 3996]);
    expect(fullJitter(20, options, () => 0.5)).toBe(15_000);
    expect(fullJitter(3, options, () => 0)).toBe(0);
  });
});
