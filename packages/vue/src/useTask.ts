import { type Client, observeTask, type TaskObserverResult } from '@vstore/core';
import { useClient } from './createVStore';
import { useObserverRefs } from './useObserverRefs';
import { type ComputedRef, computed, type MaybeRefOrGetter } from './vue';
import { warnOutsideScope } from './warnOutsideScope';

/** Status of `useTask`: `idle` without a task id, `pending`, `success` once completed, `error`. */
export type TaskHookStatus = TaskObserverResult['status'];

/** What `useTask` returns: the task, its status and the error, as readonly refs. */
export interface TaskState {
  /** The store's copy of the task; core's poller applies each reply, in status order. */
  readonly task: ComputedRef<TaskObserverResult['task']>;
  /** idle without an id; pending until terminal; success once `completed`; error otherwise. */
  readonly status: ComputedRef<TaskHookStatus>;
  /** TaskFailedError, TaskCancelledError, PollTimeoutError or a request error, from core's poller. */
  readonly error: ComputedRef<TaskObserverResult['error']>;
}

/** `tasks.poll`'s options (`timeoutMs` included), as React's `useTask` takes them. */
export type TaskPollOptions = NonNullable<Parameters<Client['tasks']['poll']>[1]>;

const IDLE = Object.freeze({ task: undefined, status: 'idle', error: undefined }) as TaskObserverResult;

/**
 * Follows a task over core's `observeTask`: polls while it is not terminal and the scope is alive. A
 * new id or the end of the scope stops the poller (its request and timers). Nothing polls on the server.
 */
export function useTask(
  taskId: MaybeRefOrGetter<string | undefined>,
  options: TaskPollOptions & { client?: Client } = {},
): TaskState {
  warnOutsideScope('useTask');
  const { client: given, ...poll } = options;
  const { tasks } = useClient(given);
  const { result } = useObserverRefs([taskId], (id) => observeTask(tasks, id, poll), IDLE);
  return {
    task: computed(() => result.value.task),
    status: computed(() => result.value.status),
    error: computed(() => result.value.error),
  };
}
