import { TERMINAL_TASK_STATUSES } from '../resources/tasks';

/** Whether a task (possibly not held yet) has a status after which it never changes. */
export const isTerminalTask = (task: { readonly status: string } | undefined): boolean =>
  task !== undefined && TERMINAL_TASK_STATUSES.has(task.status);
