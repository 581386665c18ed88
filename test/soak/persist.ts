import { ApiError, ConcurrentUpdateError, IdempotencyInProgressError, RateLimitError } from '@vstore/core';

/**
 * Attempts an application makes, on top of the client's own bounded retries. Under chaos the
 * client's retry budget runs dry, and from then on every 429 reaches the application at once.
 */
export const APP_ATTEMPTS = 20;

/**
 * Failures after which repeating the whole call is safe for the soak's calls: every intent is
 * absolute (append a token if absent, set a value) and creates reuse their key, so a call whose
 * answer was lost (a 5xx after commit, a timeout) can be made again. Anything else — a 400, 404
 * or 422 — means client and service disagree, and surfaces as a violation.
 */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof RateLimitError ||
    error instanceof ConcurrentUpdateError ||
    error instanceof IdempotencyInProgressError ||
    (error instanceof ApiError && (error.status === 0 || error.status >= 500))
  );
}

export type Persisted<T> =
  | { ok: true; value: T; attempts: number }
  | { ok: false; error: unknown; attempts: number };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Repeats `call` on transient failures, at most APP_ATTEMPTS times, with a short growing pause. */
export async function persist<T>(
  call: () => Promise<T>,
  retryable: (error: unknown) => boolean = isTransient,
): Promise<Persisted<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await call(), attempts: attempt };
    } catch (error) {
      if (attempt >= APP_ATTEMPTS || !retryable(error)) return { ok: false, error, attempts: attempt };
      // Like any well-behaved caller, wait out the Retry-After the error carries before repeating.
      const retryAfter = error instanceof RateLimitError ? (error.retryAfterMs ?? 0) : 0;
      await pause(retryAfter + Math.min(400, 25 * 2 ** attempt));
    }
  }
}

/** A short description of an error for a violation message. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.name} ${error.status} ${error.type ?? ''}`.trim();
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
