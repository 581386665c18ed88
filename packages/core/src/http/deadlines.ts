import type { SchedulerLike, Subscription } from 'rxjs';

/** Deadlines of the attempts in flight, on one timer. */
export interface Deadlines {
  /** Calls `expire` at scheduler time `at` unless the returned cancel is called first. */
  watch(at: number, expire: () => void): () => void;
}

interface Deadline {
  readonly at: number;
  readonly expire: () => void;
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
    wake = { at, action: scheduler.schedule(tick, Math.max(0, at - scheduler.now())) };
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
    watch(at, expire) {
      const deadline: Deadline = { at, expire };
      pending.add(deadline);
      if (!wake || at < wake.at) arm(at);
      return () => {
        pending.delete(deadline);
        if (pending.size === 0 && wake) {
          wake.action.unsubscribe();
          wake = undefined;
        }
      };
    },
  };
}
