import { type SchedulerLike, Subscription } from 'rxjs';
import { MAX_TIMER_MS } from './maxTimerMs';

/**
 * `scheduler.schedule(work, ms)` for any `ms`: a delay longer than a timer takes (which it would fire
 * at once) is waited in steps, and `Infinity` never runs. Unsubscribing cancels the step pending.
 */
export function scheduleAfter(scheduler: SchedulerLike, ms: number, work: () => void): Subscription {
  const due = scheduler.now() + ms;
  const pending = new Subscription();
  const step = () => {
    const left = due - scheduler.now();
    if (left === Number.POSITIVE_INFINITY) return;
    pending.add(
      left > MAX_TIMER_MS ? scheduler.schedule(step, MAX_TIMER_MS) : scheduler.schedule(work, left),
    );
  };
  step();
  return pending;
}
