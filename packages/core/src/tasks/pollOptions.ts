import type { SchedulerLike } from 'rxjs';
import type { PollScheduleOptions } from './schedule';
import type { VisibilitySource } from './visibility';

export interface PollOptions extends PollScheduleOptions {
  /** Reads in all, the first included; past it, `PollTimeoutError`. @default 60 */
  maxAttempts?: number;
  /** Wall time from subscription; past it, `PollTimeoutError` (the read in flight is aborted). @default 600000 */
  maxDurationMs?: number;
  /**
   * Hold the next poll while the page is hidden (`true`: the document's visibility; or a source of
   * your own). The hidden time still counts towards `maxDurationMs`. @default false
   */
  pauseWhenHidden?: boolean | VisibilitySource;
  /** Replaces the exponential schedule: the wait after `polls` reads so far. */
  delay?: (polls: number) => number;
  /** @default asyncScheduler */
  scheduler?: SchedulerLike;
}

export interface PollUntilOptions<T> extends PollOptions {
  /** Emit a reply only when this key differs from the previous reply's. @default every reply */
  distinctBy?: (value: T) => unknown;
}
