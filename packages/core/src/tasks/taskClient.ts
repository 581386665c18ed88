import type { Observable } from 'rxjs';
import type { ClientContext } from '../client/clientContext';
import { toPromise } from '../http/toPromise';
import { type CallOptions, createResourceOps } from '../resources/resourceClient';
import { type Task, tasks } from '../resources/tasks';
import { pollTask } from './poll';
import type { PollOptions } from './pollUntil';

/** The client of tasks: read one, poll it until a terminal status, or wait for its completion. */
export interface TaskClient {
  /** Reads the task (always from the service) and applies it to the store. */
  get(taskId: string, options?: CallOptions): Promise<Task>;
  /** See {@link pollTask}. Cold: each subscription polls on its own. */
  poll(taskId: string, options?: PollOptions & { timeoutMs?: number }): Observable<Task>;
  /** Resolves with the completed task; rejects as `poll` errors. */
  wait(taskId: string, options?: PollOptions & CallOptions): Promise<Task>;
}

export function createTaskClient(ctx: ClientContext): TaskClient {
  const ops = createResourceOps(tasks, ctx);
  // maxAgeMs 0: a poll must ask the service, whatever the client's default freshness.
  const read$ = (taskId: string, timeoutMs?: number) =>
    ops.get$(taskId, { maxAgeMs: 0, ...(timeoutMs === undefined ? {} : { timeoutMs }) }) as Observable<Task>;
  const poll = (taskId: string, { timeoutMs, ...options }: PollOptions & { timeoutMs?: number } = {}) =>
    pollTask(() => read$(taskId, timeoutMs), { scheduler: ctx.scheduler, ...options });

  return {
    get: (taskId, { signal, timeoutMs } = {}) => toPromise(read$(taskId, timeoutMs), signal),
    poll,
    wait: (taskId, { signal, ...options } = {}) => toPromise(poll(taskId, options), signal),
  };
}
