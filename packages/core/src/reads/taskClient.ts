import type { Observable } from 'rxjs';
import { toPromise } from '../http/toPromise';
import type { ResourceDefinition } from '../resources/defineResource';
import { createResourceOps, type ResourceOps } from '../resources/resourceOps';
import { tasks } from '../resources/tasks';
import type { PollOptions } from '../tasks/pollOptions';
import { pollTask } from '../tasks/pollTask';
import type { Task } from '../wire/task';
import { linkPart, type ReadContext } from './readContext';
import { latestPlan } from './readPlans';
import type { CallOptions } from './resourceClient';

/** The client of tasks: read one, poll it until a terminal status, or wait for its completion. */
export interface TaskClient {
  /** Reads the task (always from the service; joining a read of it in flight) and applies it to the store. */
  get(taskId: string, options?: CallOptions): Promise<Task>;
  /**
   * Polls as `pollTask` does (the schedule, the errors, what unsubscribing stops). Cold: each
   * subscription polls on its own. The polling engine is loaded on the page's first subscription (a
   * dynamic import, shared); until it is in, nothing is sent and no timer runs, and unsubscribing
   * then starts nothing. If that load fails (offline, chunks replaced by a deploy), the subscriber
   * gets the loader's own error, as `edit` and optimistic recipes do, and the next subscription
   * tries the load again.
   */
  poll(taskId: string, options?: PollOptions & { timeoutMs?: number | undefined }): Observable<Task>;
  /** Resolves with the completed task; rejects as `poll` errors. */
  wait(taskId: string, options?: PollOptions & CallOptions): Promise<Task>;
}

export function createTaskClient(ctx: ReadContext): TaskClient {
  const ops = createResourceOps(tasks, ctx);
  ctx.definitions.set(tasks.type, tasks as unknown as ResourceDefinition);
  // A poll asks the service every time, whatever the client's default freshness.
  const read$ = (taskId: string, timeoutMs?: number) =>
    ops.latest$(taskId, { timeoutMs }) as Observable<Task>;
  const poll = (
    taskId: string,
    { timeoutMs, ...options }: PollOptions & { timeoutMs?: number | undefined } = {},
  ) => pollTask(() => read$(taskId, timeoutMs), { scheduler: ctx.scheduler, ...options });

  const readOps = ops as unknown as ResourceOps<Task, string, never>;
  return linkPart(
    {
      get(taskId, { signal, timeoutMs } = {}) {
        const plan = latestPlan(ctx, readOps, taskId, timeoutMs);
        return ctx.reads.entry(plan.key).fetch(plan.start, plan.done, { signal });
      },
      poll,
      wait: (taskId, { signal, ...options } = {}) => toPromise(poll(taskId, options), signal),
    },
    { ctx, ops: ops as unknown as ResourceOps<object, string, unknown> },
  );
}
