import { map, type Observable } from 'rxjs';
import { TaskCancelledError } from '../errors/taskCancelledError';
import { TaskFailedError } from '../errors/taskFailedError';
import { type Task, TERMINAL_TASK_STATUSES } from '../wire/task';
import { type PollOptions, pollUntil } from './pollUntil';

/**
 * Polls a task until a terminal status: emits each new status once (first read at once), completes
 * after `completed`, errors `TaskFailedError` / `TaskCancelledError` on those, `PollTimeoutError`
 * past `maxAttempts` or `maxDurationMs`. Defaults: 1 s growing ×1.5 to a 10 s cap, 60 reads, 10 min.
 */
export function pollTask<TTask extends Task = Task>(
  read: (signal: AbortSignal) => Observable<TTask>,
  options: PollOptions = {},
): Observable<TTask> {
  return pollUntil(read, (task) => TERMINAL_TASK_STATUSES.has(task.status), {
    ...options,
    distinctBy: (task) => task.status,
  }).pipe(
    // Thrown in `map`, a terminal failure ends the stream with its error (no inner Observable needed).
    map((task) => {
      if (task.status === 'failed') throw new TaskFailedError(task);
      if (task.status === 'cancelled') throw new TaskCancelledError(task);
      return task;
    }),
  );
}
