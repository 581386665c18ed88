import { asyncScheduler, type Observable, type ObservableInput } from 'rxjs';
import { withPollEngine } from './pollEngine';
import type { PollUntilOptions } from './pollOptions';

/**
 * Reads until `isTerminal`, deciding each wait after each reply: a read that itself waits (a
 * Retry-After inside the transport) is never cut short by a ticking outer timer. Emits the replies
 * (distinct by `distinctBy`), the terminal one last, then completes; `PollTimeoutError` past
 * `maxAttempts` or `maxDurationMs`. Unsubscribing aborts the read in flight and clears every timer.
 * For operations whose response has no task.
 *
 * Its engine loads on the page's first poll, as `pollTask`'s does (the same one).
 */
export function pollUntil<T>(
  read: (signal: AbortSignal) => ObservableInput<T>,
  isTerminal: (value: T) => boolean,
  options: PollUntilOptions<T> = {},
): Observable<T> {
  return withPollEngine(options.scheduler ?? asyncScheduler, options.maxDurationMs, (engine, maxDurationMs) =>
    engine.pollLoop(read, isTerminal, maxDurationMs === undefined ? options : { ...options, maxDurationMs }),
  );
}
