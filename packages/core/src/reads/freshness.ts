import type { ReadState } from './readState';

/** A suspended render's read, or an error boundary's last failure, counts as this recent. */
export const SUSPENSE_FRESH_MS = 1000;

/** Milliseconds from `at` to `now`; never (Infinity) for a time not recorded. */
export const since = (now: number, at: number | undefined): number =>
  at === undefined ? Infinity : now - at;

/**
 * Whether a held copy may stand without a read: the service confirmed it within `maxAgeMs`, or, for
 * Suspense, a read of it succeeded within the last second (so the mount after a suspended render
 * does not read again, as TanStack Query waits 1 s). The one place freshness is decided.
 */
export function isFresh(
  state: ReadState | undefined,
  now: number,
  maxAgeMs: number,
  suspense = false,
): boolean {
  if (state === undefined) return false;
  return (
    (maxAgeMs > 0 && since(now, state.confirmedAt) <= maxAgeMs) ||
    (suspense && since(now, state.settledAt) <= SUSPENSE_FRESH_MS)
  );
}
