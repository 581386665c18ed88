import { ApiError, IdempotencyInProgressError, NetworkError, RateLimitError } from '../errors/apiError';
import { checkedNumber } from './checkedNumber';
import { MAX_TIMER_MS } from './maxTimerMs';
import type { RetryBudget, RetryBudgetOptions } from './retryBudget';

/** Bounds for retrying 429s and transient failures. Every field is optional. */
export interface RetryOptions {
  /** Attempts per call, the first one included. @default 5 */
  maxAttempts?: number;
  /** Timeout of each attempt (not of the whole call). @default 30000 */
  timeoutMs?: number;
  /** Longest `Retry-After` honoured; a longer one ends the call with `RateLimitError` at once. @default 60000 */
  maxRetryAfterMs?: number;
  /** Wait assumed for a 429 whose `Retry-After` is missing or unreadable. @default 1000 */
  defaultRetryAfterMs?: number;
  /** First backoff step; step n is `baseDelayMs * 2^(n-1)`, capped, with full jitter. @default 500 */
  baseDelayMs?: number;
  /** Cap of one backoff step. @default 30000 */
  maxDelayMs?: number;
  /** Client-wide retry budget (AWS SDK style), or `false` for none. @default { capacity: 500 } */
  budget?: RetryBudgetOptions | false;
}

export type ResolvedRetryOptions = Required<Omit<RetryOptions, 'budget'>> & {
  budget: RetryBudgetOptions | false;
};

export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  // Checked here, once: a NaN or negative bound would otherwise turn retries or timeouts off, or
  // spin a timer, with no error anywhere. Caps may be Infinity ("no cap"); the rest must be finite.
  return {
    maxAttempts: checkedNumber('retry.maxAttempts', options.maxAttempts, 5, 1, true),
    timeoutMs: checkedNumber('retry.timeoutMs', options.timeoutMs, 30_000, 1),
    maxRetryAfterMs: checkedNumber('retry.maxRetryAfterMs', options.maxRetryAfterMs, 60_000, 0, false, true),
    defaultRetryAfterMs: checkedNumber('retry.defaultRetryAfterMs', options.defaultRetryAfterMs, 1_000),
    baseDelayMs: checkedNumber('retry.baseDelayMs', options.baseDelayMs, 500),
    maxDelayMs: checkedNumber('retry.maxDelayMs', options.maxDelayMs, 30_000, 0, false, true),
    budget: options.budget ?? {},
  };
}

/** Budget cost of a retry; a timeout costs more because it held a connection for the full timeout. */
const RETRY_COST = 5;
const TIMEOUT_COST = 10;

/** AWS "full jitter": uniform in [0, min(cap, base * 2^(retry-1))). */
export function fullJitter(retry: number, options: ResolvedRetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

export interface RetryContext {
  options: ResolvedRetryOptions;
  random: () => number;
  budget?: RetryBudget | undefined;
  /** GET or keyed: safe to resend after a network error or a 5xx. */
  resendable: boolean;
}

/**
 * How long to wait before retry number `retry` (1-based) after `error`, or `undefined` to give
 * up and surface the error. 400, 422, 403 and 409-concurrent are never resent unchanged.
 */
export function retryDelay(error: unknown, retry: number, ctx: RetryContext): number | undefined {
  const { options, random } = ctx;
  let delay: number | undefined;
  if (error instanceof RateLimitError) {
    const retryAfter = error.retryAfterMs ?? options.defaultRetryAfterMs;
    if (retryAfter > options.maxRetryAfterMs) return undefined;
    // At least what the service asked; the jitter on top keeps clients released by the same
    // Retry-After from arriving together.
    delay = retryAfter + fullJitter(retry, options, random);
  } else if (error instanceof IdempotencyInProgressError) {
    delay = fullJitter(retry, options, random);
  } else if (error instanceof NetworkError || isServerError(error)) {
    // A call none of whose attempts can have been applied (its token came too late) is safe to send.
    if (!ctx.resendable && !(error instanceof NetworkError && error.notApplied)) return undefined;
    delay = fullJitter(retry, options, random);
  }
  // A wait no timer can take (a Retry-After of weeks under an uncapped maxRetryAfterMs) is given up on.
  if (delay === undefined || delay > MAX_TIMER_MS) return undefined;
  const cost = error instanceof NetworkError && error.timedOut ? TIMEOUT_COST : RETRY_COST;
  if (ctx.budget && !ctx.budget.tryAcquire(cost)) return undefined;
  return delay;
}

function isServerError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500;
}
