import {
  asyncScheduler,
  defer,
  distinctUntilChanged,
  type MonoTypeOperatorFunction,
  Observable,
  type ObservableInput,
  repeat,
  type SchedulerLike,
  switchMap,
  takeWhile,
  tap,
  throwError,
  timer,
} from 'rxjs';
import { PollTimeoutError } from '../errors/pollTimeoutError';
import { MAX_POLL_DURATION_MS } from './pollDefaults';
import type { PollUntilOptions } from './pollOptions';
import { exponentialSchedule } from './schedule';
import { documentVisibility, whenVisible } from './visibility';

/**
 * Reads until `isTerminal`, deciding each wait after each reply (`defer` + `repeat` with a delay
 * function): a read that itself waits — a Retry-After inside the transport — is never cut short
 * by a ticking outer timer, unlike a `timer` + `switchMap` loop. Emits the replies (distinct by
 * `distinctBy`), the terminal one last, then completes. Unsubscribing aborts the read in flight
 * and clears every timer. The engine behind `pollUntil` and `pollTask`, loaded on demand.
 */
export function pollLoop<T>(
  read: (signal: AbortSignal) => ObservableInput<T>,
  isTerminal: (value: T) => boolean,
  options: PollUntilOptions<T> = {},
): Observable<T> {
  const scheduler = options.scheduler ?? asyncScheduler;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 60);
  const maxDurationMs = options.maxDurationMs ?? MAX_POLL_DURATION_MS;
  const delay = options.delay ?? exponentialSchedule(options);
  const visibility =
    options.pauseWhenHidden === true ? documentVisibility() : options.pauseWhenHidden || undefined;
  const key = options.distinctBy;

  return defer(() => {
    const start = scheduler.now();
    let attempts = 0;
    let last: T | undefined;
    const timedOut = () => new PollTimeoutError(attempts, scheduler.now() - start, last);

    const replies = defer(() => {
      attempts++;
      return abortable(read);
    }).pipe(
      tap((value) => {
        last = value;
      }),
      repeat({
        delay: (polls) =>
          attempts >= maxAttempts
            ? throwError(timedOut)
            : timer(delay(polls), scheduler).pipe(switchMap(() => whenVisible(visibility))),
      }),
      takeWhile((value) => !isTerminal(value), true),
    );
    return (key ? replies.pipe(distinctUntilChanged((a, b) => Object.is(key(a), key(b)))) : replies).pipe(
      failAfter(maxDurationMs, timedOut, scheduler),
    );
  });
}

/** One read with its own AbortController, aborted when unsubscribed before it finished. */
function abortable<T>(read: (signal: AbortSignal) => ObservableInput<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    let finished = false;
    const subscription = defer(() => read(controller.signal)).subscribe({
      next: (value) => subscriber.next(value),
      error: (error: unknown) => {
        finished = true;
        subscriber.error(error);
      },
      complete: () => {
        finished = true;
        subscriber.complete();
      },
    });
    return () => {
      subscription.unsubscribe();
      if (!finished) controller.abort();
    };
  });
}

/** Errors with `error()` once `ms` have passed, unsubscribing the source (aborting what it runs). */
function failAfter<T>(ms: number, error: () => Error, scheduler: SchedulerLike): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      const deadline = timer(ms, scheduler).subscribe(() => subscriber.error(error()));
      const subscription = source.subscribe(subscriber);
      return () => {
        deadline.unsubscribe();
        subscription.unsubscribe();
      };
    });
}
