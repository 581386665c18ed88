import type { Client, PollOptions, Task } from '@vstore/core';
import { useClient } from './createVStore';
import { isServerRender } from './isServerRender';
import { entityRef } from './useEntity';
import {
  type ComputedRef,
  computed,
  type MaybeRefOrGetter,
  type ShallowRef,
  shallowReadonly,
  shallowRef,
  toValue,
  watch,
} from './vue';
import { warnOutsideScope } from './warnOutsideScope';

export type TaskHookStatus = 'idle' | 'pending' | 'success' | 'error';

export interface TaskState {
  /** The store's copy of the task; core's poller applies each reply, in status order. */
  readonly task: Readonly<ShallowRef<Task | undefined>>;
  /** idle without an id; pending until terminal; success once `completed`; error otherwise. */
  readonly status: ComputedRef<TaskHookStatus>;
  /** TaskFailedError, TaskCancelledError, PollTimeoutError or a request error, from core's poller. */
  readonly error: Readonly<ShallowRef<unknown>>;
}

// API.md's terminal statuses, spelled out rather than imported from core: a named import next to the
// index's `export *` costs its own import statement, which this package's size budget has no room for.
const isTerminal = (task: Task | undefined) => !!task && /^(completed|failed|cancelled)$/.test(task.status);

/**
 * Follows a task: polls while it is not terminal and the scope is alive. A new id or the end of the
 * scope unsubscribes, which in core aborts the request in flight and clears its timers.
 */
export function useTask(
  taskId: MaybeRefOrGetter<string | undefined>,
  options: PollOptions & { client?: Client } = {},
): TaskState {
  warnOutsideScope('useTask');
  const { client: given, ...poll } = options;
  const client = useClient(given);
  const task = entityRef<Task>(client.store, 'task', taskId);
  const error = shallowRef<unknown>();
  const ssr = isServerRender();
  watch(
    () => toValue(taskId),
    (id, _, onCleanup) => {
      error.value = undefined;
      if (ssr || id === undefined || isTerminal(client.store.get<Task>('task', id))) return;
      const subscription = client.tasks.poll(id, poll).subscribe({
        error: (e: unknown) => {
          error.value = e;
        },
      });
      onCleanup(() => subscription.unsubscribe());
    },
    { immediate: true },
  );
  const status = computed<TaskHookStatus>(() =>
    toValue(taskId) === undefined
      ? 'idle'
      : task.value?.status === 'completed'
        ? 'success'
        : error.value !== undefined || isTerminal(task.value)
          ? 'error'
          : 'pending',
  );
  return { task, status, error: shallowReadonly(error) };
}
