import {
  asyncScheduler,
  defer,
  Observable,
  type ObservableInput,
  type SchedulerLike,
  type Subscriber,
  type Subscription,
} from 'rxjs';
import { PollTimeoutError } from '../errors/pollTimeoutError';
import { MAX_TIMER_MS } from '../http/maxTimerMs';
import { scheduleAfter } from '../http/scheduleAfter';
import { MAX_POLL_DURATION_MS } from './pollDefaults';
import type { PollUntilOptions } from './pollOptions';
import { exponentialSchedule } from './schedule';
import { documentVisibility, type VisibilitySource, whenVisible } from './visibility';

/**
 * Reads until `isTerminal`, deciding each wait after each reply: a read that itself waits (a
 * Retry-After inside the transport) is never cut short by a ticking outer timer, unlike a `timer` +
 * `switchMap` loop. Emits the replies (distinct by `distinctBy`), the terminal one last, then
 * completes. Unsubscribing aborts the read in flight and clears every timer. The engine behind
 * `pollUntil` and `pollTask`, loaded on demand. One object runs the loop on the scheduler (rather
 * than a chain of rxjs operators, which a bundler would keep in an app's first load: esbuild keeps
 * there every rxjs module the first load's imports of `rxjs` reach, used or not).
 */
export function pollLoop<T>(
  read: (signal: AbortSignal) => ObservableInput<T>,
  isTerminal: (value: T) => boolean,
  options: PollUntilOptions<T> = {},
): Observable<T> {
  const rule: PollRule<T> = {
    read,
    isTerminal,
    scheduler: options.scheduler ?? asyncScheduler,
    maxAttempts: Math.max(1, options.maxAttempts ?? 60),
    maxDurationMs: options.maxDurationMs ?? MAX_POLL_DURATION_MS,
    delay: options.delay ?? exponentialSchedule(options),
    visibility:
      options.pauseWhenHidden === true ? documentVisibility() : options.pauseWhenHidden || undefined,
    key: options.distinctBy,
  };
  return new Observable<T>((subscriber) => {
    const run = new PollRun(rule, subscriber);
    run.start();
    return () => run.stop();
  });
}

interface PollRule<T> {
  readonly read: (signal: AbortSignal) => ObservableInput<T>;
  readonly isTerminal: (value: T) => boolean;
  readonly scheduler: SchedulerLike;
  readonly maxAttempts: number;
  readonly maxDurationMs: number;
  readonly delay: (polls: number) => number;
  readonly visibility: VisibilitySource | undefined;
  readonly key: ((value: T) => unknown) | undefined;
}

/** One subscription's loop: read, emit, wait, read again, until terminal, a bound, or unsubscription. */
class PollRun<T> {
  private readonly startedAt: number;
  private attempts = 0;
  private last: T | undefined;
  private emitted = false;
  private lastKey: unknown;
  private done = false;
  private deadline: Subscription | undefined;
  /** The read in flight, with what aborts it. */
  private reading: { subscription: Subscription | undefined; controller: AbortController } | undefined;
  /** The wait before the next read, or for the page to show. */
  private waiting: Subscription | undefined;

  constructor(
    private readonly rule: PollRule<T>,
    private readonly subscriber: Subscriber<T>,
  ) {
    this.startedAt = rule.scheduler.now();
  }

  start(): void {
    // Any length: `Infinity` leaves `maxAttempts` the only bound, and 30 days is 30 days, not 1 ms.
    this.deadline = scheduleAfter(this.rule.scheduler, this.rule.maxDurationMs, () =>
      this.fail(this.timedOut()),
    );
    this.readOnce();
  }

  /** Stops everything: the deadline, a wait, and the read in flight, which is aborted. */
  stop(): void {
    this.done = true;
    this.deadline?.unsubscribe();
    this.waiting?.unsubscribe();
    const reading = this.reading;
    this.reading = undefined;
    if (reading) {
      reading.subscription?.unsubscribe();
      reading.controller.abort();
    }
  }

  private readOnce(): void {
    this.attempts++;
    const reading: PollRun<T>['reading'] = { subscription: undefined, controller: new AbortController() };
    this.reading = reading;
    // Ended (or failed) while subscribing: nothing is left to cancel or abort.
    const ended = () => {
      if (this.reading === reading) this.reading = undefined;
    };
    // `defer`: what `read` throws is the poll's error, as what its Observable or Promise errors with.
    const subscription = defer(() => this.rule.read(reading.controller.signal)).subscribe({
      next: (value) => {
        // What `isTerminal` or `distinctBy` throws ends the poll with that error.
        try {
          this.reply(value);
        } catch (error) {
          this.fail(error);
        }
      },
      error: (error: unknown) => {
        ended();
        this.fail(error);
      },
      complete: () => {
        ended();
        if (!this.done) this.next();
      },
    });
    if (this.reading === reading) reading.subscription = subscription;
  }

  private reply(value: T): void {
    if (this.done) return;
    this.last = value;
    const { key } = this.rule;
    if (key === undefined) this.subscriber.next(value);
    else {
      const next = key(value);
      if (!this.emitted || !Object.is(next, this.lastKey)) this.subscriber.next(value);
      this.lastKey = next;
    }
    this.emitted = true;
    if (!this.rule.isTerminal(value)) return;
    this.stop();
    this.subscriber.complete();
  }

  /** After a read that ended without a terminal reply: the bound, or the wait and the next read. */
  private next(): void {
    const { rule } = this;
    if (this.attempts >= rule.maxAttempts) {
      this.fail(this.timedOut());
      return;
    }
    // Capped: a longer wait would fire at once, a burst of reads only `maxAttempts` stops.
    this.waiting = rule.scheduler.schedule(
      () => this.whenVisible(),
      Math.min(rule.delay(this.attempts), MAX_TIMER_MS),
    );
  }

  /** Reads again once the page shows (at once unless `pauseWhenHidden` holds it). */
  private whenVisible(): void {
    let went = false;
    const visible = whenVisible(this.rule.visibility).subscribe(() => {
      if (went || this.done) return;
      went = true;
      this.waiting = undefined;
      this.readOnce();
    });
    if (went) visible.unsubscribe();
    else this.waiting = visible;
  }

  private fail(error: unknown): void {
    if (this.done) return;
    this.stop();
    this.subscriber.error(error);
  }

  private timedOut(): PollTimeoutError {
    return new PollTimeoutError(this.attempts, this.rule.scheduler.now() - this.startedAt, this.last);
  }
}
