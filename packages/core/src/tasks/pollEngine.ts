import { defer, type Observable, type SchedulerLike, switchMap } from 'rxjs';
import { PollTimeoutError } from '../errors/pollTimeoutError';
import { attemptTimeout } from '../http/attemptTimeout';
import { MAX_TIMER_MS } from '../http/maxTimerMs';
import { lazyModule } from '../lazy/lazyModule';
import { MAX_POLL_DURATION_MS } from './pollDefaults';

// The polling loop and the rxjs operators only it uses, loaded on the first poll of the page and
// shared by every later one. Loaded on demand, not imported, so that an app whose first screen does
// not poll does not load it under any bundler: esbuild keeps in the first load every file the entry
// imports statically, even for an export the app does not use.
const pollEngine = lazyModule(() => import('./taskPollLoop'));

/** The polling engine's module. */
export type PollEngine = typeof import('./taskPollLoop');

/** Loads the polling engine, as the first poll does (the same shared load). */
export const loadPollEngine = (): Promise<PollEngine> => pollEngine.load();

/**
 * Runs `start` over the polling engine: at once when it is in, else after it has loaded. The load
 * counts towards `maxDurationMs`, so a module request that never answers still ends in
 * `PollTimeoutError` rather than a poll that never starts; `start` gets the time left. Unsubscribing
 * before the load resolves starts nothing; a failed load is the subscriber's error, and the next
 * subscription tries it again.
 */
export function withPollEngine<T>(
  scheduler: SchedulerLike,
  maxDurationMs: number | undefined,
  start: (engine: PollEngine, maxDurationMs: number | undefined) => Observable<T>,
): Observable<T> {
  return defer(() => {
    const loaded = pollEngine.loaded();
    if (loaded) return start(loaded, maxDurationMs);
    const subscribedAt = scheduler.now();
    const limit = maxDurationMs ?? MAX_POLL_DURATION_MS;
    const elapsed = () => scheduler.now() - subscribedAt;
    return defer(pollEngine.load).pipe(
      attemptTimeout(Math.min(limit, MAX_TIMER_MS), scheduler, () => new PollTimeoutError(0, elapsed())),
      switchMap((engine) => start(engine, Math.max(0, limit - elapsed()))),
    );
  });
}
