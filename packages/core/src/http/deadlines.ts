import type { SchedulerLike, Subscription } from 'rxjs';
import { MAX_TIMER_MS } from './maxTimerMs';

/**
 * What is watched: when it is due, and what to do then; the watcher's own object, not a closure. `at`
 * may change only while it is not watched (cancel, then watch again).
 */
export interface Deadline {
  readonly at: number;
  expire(): void;
}

/** Deadlines of the attempts in flight, on one timer. */
export interface Deadlines {
  /** Calls `deadline.expire()` at scheduler time `deadline.at` unless it is cancelled first. */
  watch(deadline: Deadline): void;
  /** Stops watching `deadline`; nothing when it is not watched. */
  cancel(deadline: Deadline): void;
}

/**
 * Every attempt's timeout on one scheduled action rather than a timer each: an attempt that answers
 * (nearly all of them) only takes its entry out of a Set. The action wakes at the earliest deadline
 * it knows, expires what is due and sleeps until the next, so with timeouts of 30 s it runs about
 * once per 30 s while requests flow, and not at all when none is in flight.
 */
export function createDeadlines(scheduler: SchedulerLike): Deadlines {
  const pending = new Set<Deadline>();
  let wake: { at: number; action: Subscription } | undefined;

  const arm = (at: number) => {
    wake?.action.unsubscribe();
    // Capped: a longer timer would fire at once; the tick then finds nothing due and sleeps again.
    wake = {
      at,
      action: scheduler.schedule(tick, Math.min(Math.max(0, at - scheduler.now()), MAX_TIMER_MS)),
    };
  };
  function tick() {
    wake = undefined;
    const now = scheduler.now();
    let next = Number.POSITIVE_INFINITY;
    const due: Deadline[] = [];
    for (const deadline of pending) {
      if (deadline.at <= now) due.push(deadline);
      else next = Math.min(next, deadline.at);
    }
    for (const deadline of due) pending.delete(deadline);
    if (next !== Number.POSITIVE_INFINITY) arm(next);
    for (const deadline of due) deadline.expire();
  }

  return {
    watch(deadline) {
      pending.add(deadline);
      if (!wake || deadline.at < wake.at) arm(deadline.at);
    },
    cancel(deadline) {
      if (!pending.delete(deadline)) return;
      if (pending.size === 0 && wake) {
        wake.action.unsubscribe();
        wake = undefined;
      }
    },
  };
}
