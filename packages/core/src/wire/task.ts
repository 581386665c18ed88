import * as z from 'zod/mini';
import { nonEmptyString } from './wireSchemas';

/** Statuses after which a task never changes. */
export const TERMINAL_TASK_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

/** A task as read: `task_id` and `status` are relied on, everything else is kept as sent. */
export const taskSchema = z.looseObject({
  task_id: nonEmptyString,
  status: nonEmptyString,
});

/**
 * The statuses of the spec. Any other string is accepted, so a newer service does not break reads;
 * the store ranks an unknown status as work in progress (after `pending`, before the terminal ones).
 */
export type TaskStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | (string & {});
/** A task as read: `task_id` and `status`, and whatever else the service sent (`result`, `error`, …). */
export type Task = z.output<typeof taskSchema> & { readonly status: TaskStatus };

/** Whether a task (possibly not held yet) has a status after which it never changes. */
export const isTerminalTask = (task: { readonly status: string } | undefined): boolean =>
  task !== undefined && TERMINAL_TASK_STATUSES.has(task.status);
