import type { ServiceContext } from './context';
import { notFoundError } from './errors';
import { json } from './json';

/** GET /tasks/{task_id} — the task as the clock has it now. */
export function getTask(ctx: ServiceContext, id: string): Response {
  const task = ctx.tasks.get(id);
  return task ? json(task) : notFoundError(ctx.traceId(), 'ResourceNotFound', `Task ${id} does not exist.`);
}
