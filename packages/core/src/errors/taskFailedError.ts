import type { Task } from '../wire/task';

/** A polled task reached `failed`. Decided on the client, so not an `ApiError`: no response caused it. */
export class TaskFailedError extends Error {
  override name = 'TaskFailedError';
  readonly task: Task;
  constructor(task: Task) {
    super(`Task ${task.task_id} failed. Inspect error.task for the service's account of why.`);
    this.task = task;
  }
}
