import { MAX_TIMER_MS } from '../http/maxTimerMs';

/**
 * Reconnect delays of the event stream: never less than the reconnection time (the server's `retry:`,
 * else `initialDelayMs`), as the HTML standard says, exponential with jitter between failed attempts,
 * bounded below and above, and reset once a stream has stayed open long enough.
 */
export interface SseBackoffOptions {
  /**
   * The reconnection time: the wait before the first reconnect, and the base of the growth after it.
   * A server's SSE `retry:` field replaces it.
   * @default 1000
   */
  initialDelayMs?: number;
  /**
   * Upper bound of the backoff, a server-sent `retry:` included. A 429's or 503's `Retry-After` is
   * waited out in full even past it: the service says not to come back sooner.
   * @default 30000
   */
  maxDelayMs?: number;
  /**
   * Growth per consecutive failed attempt.
   * @default 2
   */
  factor?: number;
  /**
   * Lower bound of any reconnect delay, a server's `retry: 0` included: a stream that keeps
   * closing at once must not turn into a reconnect storm.
   * @default 250
   */
  minDelayMs?: number;
  /**
   * How long a stream must stay open for the backoff to start over; one that ends sooner counts as
   * a failed attempt, so a relay that accepts and drops at once is retried ever more slowly.
   * @default 5000
   */
  resetAfterMs?: number;
}

/** The reconnect delays of one SSE connection. Times are `Date.now()` values. */
export interface SseBackoff {
  /** The server's `retry:` field: the new base delay, within the bounds. */
  setBase(ms: number): void;
  /** A stream opened at `now`. */
  opened(now: number): void;
  /**
   * The wait before the next attempt: never less than the reconnection time (or `atLeastMs`, a
   * Retry-After), within the bounds.
   */
  next(now: number, atLeastMs?: number): number;
}

export function createSseBackoff(
  options: SseBackoffOptions = {},
  random: () => number = Math.random,
): SseBackoff {
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const minDelayMs = Math.min(options.minDelayMs ?? 250, maxDelayMs);
  const factor = options.factor ?? 2;
  const resetAfterMs = options.resetAfterMs ?? 5000;
  let baseMs = options.initialDelayMs ?? 1000;
  let failures = 0;
  let openedAt: number | undefined;

  return {
    setBase(ms) {
      baseMs = Math.min(ms, maxDelayMs);
    },
    opened(now) {
      openedAt = now;
    },
    next(now, atLeastMs = 0) {
      if (openedAt !== undefined && now - openedAt >= resetAfterMs) failures = 0;
      openedAt = undefined;
      // The floor enters the growth too, so a base of 0 still backs off.
      const ceiling = Math.min(maxDelayMs, Math.max(baseMs, minDelayMs) * factor ** failures);
      failures += 1;
      // "Equal jitter": half fixed, half random, so many tabs spread out; but never under the
      // reconnection time, which the standard waits at least. The first reconnect therefore waits it
      // exactly, and the jitter shows from the second failed attempt on.
      const jittered = Math.max(baseMs, ceiling / 2 + (random() * ceiling) / 2);
      const wait = Math.max(atLeastMs, Math.min(maxDelayMs, Math.max(minDelayMs, jittered)));
      // Either would be a reconnect storm: options that make no number wait the default cap instead.
      return Number.isNaN(wait) ? 30_000 : Math.min(wait, MAX_TIMER_MS);
    },
  };
}
