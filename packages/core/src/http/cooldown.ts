import { defer, type Observable, type SchedulerLike, switchMap, timer } from 'rxjs';
import { just } from './just';
import { MAX_TIMER_MS } from './maxTimerMs';

/**
 * A "blocked until" time shared by every request of one client: after a 429, all of them wait out
 * the Retry-After instead of bursting into the limit the first one just hit.
 */
export interface Cooldown {
  /** Whether a block is in force now: only then does a request wait for `wait()`. */
  blocked(): boolean;
  /** Extends the block to `untilMs` (scheduler time); an earlier time never shortens it. */
  block(untilMs: number): void;
  /**
   * Emits once the block has passed (at once when there is none), then completes. A block extended
   * while waiting is waited out too.
   */
  wait(): Observable<unknown>;
}

// Each extra round needs another 429 to arrive during the wait; the bound only guards against a
// service that keeps answering 429s to requests sent before the cooldown began.
const MAX_ROUNDS = 16;

export function createCooldown(scheduler: SchedulerLike): Cooldown {
  let until = 0;
  // The wait is re-checked when its timer fires: a 429 to a request already in flight may have
  // pushed `until` further while this one waited.
  const waitRound = (round: number): Observable<unknown> =>
    defer(() => {
      const remaining = until - scheduler.now();
      if (remaining <= 0 || round >= MAX_ROUNDS) return just(0);
      // Capped (a longer timer fires at once); the next round waits out the rest.
      return timer(Math.min(remaining, MAX_TIMER_MS), scheduler).pipe(switchMap(() => waitRound(round + 1)));
    });
  return {
    blocked: () => until > scheduler.now(),
    block(untilMs) {
      until = Math.max(until, untilMs);
    },
    wait: () => waitRound(0),
  };
}
