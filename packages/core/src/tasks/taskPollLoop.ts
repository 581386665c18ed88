import { map, type Observable } from 'rxjs';
import { TaskCancelledError } from '../errors/taskCancelledError';
import { TaskFailedError } from '../errors/taskFailedError';
import { type Task, TERMINAL_TASK_STATUSES } from '../wire/task';
import { pollLoop } from './pollLoop';
import type { PollOptions } from './pollOptions';

// The engine is this module and what it imports: `pollUntil` gets its loop from here too, so the two share one chunk.
export { pollLoop } from './pollLoop';

/** The engine behind `pollTask` (see there), loaded on demand. */
export function taskPollLoop<TTask extends Task = Task>(
  read: (signal: AbortSignal) => Observable<TTask>,
  options: PollOptions = {},
): Observable<TTask> {
  return pollLoop(read, (task) => TERMINAL_TASK_STATUSES.has(task.status), {
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
