import { type MonoTypeOperatorFunction, Observable, type SchedulerLike, type Subscription } from 'rxjs';

/**
 * Errors with `error()` when the source has not emitted within `ms` (scheduler time), unsubscribing
 * it first, which aborts the request it runs; its first value ends the wait. This is rxjs's
 * `timeout({ first, with })` for one response, as one scheduled action: that operator's general
 * forms (`each`, a `Date`, its own error class) cost every bundle about 0.2 kB gzip.
 */
export function attemptTimeout<T>(
  ms: number,
  scheduler: SchedulerLike,
  error: () => Error,
): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let answered = false;
      let deadline: Subscription | undefined;
      const attempt = source.subscribe({
        next: (value) => {
          answered = true;
          deadline?.unsubscribe();
          subscriber.next(value);
        },
        error: (cause: unknown) => subscriber.error(cause),
        complete: () => subscriber.complete(),
      });
      // Started once subscribed, as `timeout` does: an attempt answered at once needs no timer.
      if (!answered && !attempt.closed)
        deadline = scheduler.schedule(() => {
          attempt.unsubscribe();
          subscriber.error(error());
        }, ms);
      return () => {
        deadline?.unsubscribe();
        attempt.unsubscribe();
      };
    });
}
