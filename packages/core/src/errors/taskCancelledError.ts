import type { Task } from '../wire/task';

/** A polled task reached `cancelled`. Decided on the client, so not an `ApiError`: no response caused it. */
export class TaskCancelledError extends Error {
  override name = 'TaskCancelledError';
  readonly task: Task;
  constructor(task: Task) {
    super(`Task ${task.task_id} was cancelled before it finished.`);
    this.task = task;
  }
}
