import { asyncScheduler, type Observable } from 'rxjs';
import type { Task } from '../wire/task';
import { withPollEngine } from './pollEngine';
import type { PollOptions } from './pollOptions';

/**
 * Polls a task until a terminal status: emits each new status once (first read at once), completes
 * after `completed`, errors `TaskFailedError` / `TaskCancelledError` on those, `PollTimeoutError`
 * past `maxAttempts` or `maxDurationMs`. Defaults: 1 s growing ×1.5 to a 10 s cap, 60 reads, 10 min.
 *
 * The polling engine is loaded on the page's first poll (a dynamic import, shared with
 * `client.tasks.poll` and `pollUntil`); until it is in, nothing is read and no timer runs, and its
 * load counts towards `maxDurationMs`. Once it is in, a subscription starts polling synchronously.
 */
export function pollTask<TTask extends Task = Task>(
  read: (signal: AbortSignal) => Observable<TTask>,
  options: PollOptions = {},
): Observable<TTask> {
  return withPollEngine(options.scheduler ?? asyncScheduler, options.maxDurationMs, (engine, maxDurationMs) =>
    engine.taskPollLoop(read, maxDurationMs === undefined ? options : { ...options, maxDurationMs }),
  );
}
