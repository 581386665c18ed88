import { useEffect, useState } from './react';
import type { Task, TaskPollOptions } from './types';
import { useEntity } from './useEntity';
import { useVStoreClient } from './vstoreProvider';

// API.md's terminal statuses, as in @vstore/vue: a pattern costs fewer bytes than a Set or an import.
const TERMINAL = /^(completed|failed|cancelled)$/;

export type TaskHookStatus = 'idle' | 'pending' | 'success' | 'error';

export interface TaskResult {
  /** The latest task state in the store (polled replies pass the store's status order). */
  task: Task | undefined;
  /** idle without a task id; pending until terminal; success once `completed`; error on failed/cancelled/timeout. */
  status: TaskHookStatus;
  /** TaskFailedError, TaskCancelledError, PollTimeoutError or a request error, from core's poller. */
  error: unknown;
}

/**
 * Follows a task while mounted: core's poller runs only while a component uses this hook and the
 * task is not terminal; unmounting unsubscribes, which aborts the in-flight request and its timers.
 */
export function useTask(taskId: string | undefined, options?: TaskPollOptions): TaskResult {
  const client = useVStoreClient();
  const task = useEntity<Task>('task', taskId);
  const [failure, setFailure] = useState<{ id: string; error: unknown }>();
  const terminal = TERMINAL.test(task?.status ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are read when polling starts
  useEffect(() => {
    if (taskId === undefined || terminal) return;
    let live = true;
    let subscription: { unsubscribe(): void } | undefined;
    // Subscribing a microtask later means StrictMode's mount, unmount, mount (all in one commit)
    // starts one poller, not two: the first is cancelled before it sends anything.
    queueMicrotask(() => {
      if (live)
        subscription = client.tasks
          .poll(taskId, options)
          .subscribe({ error: (error: unknown) => setFailure({ id: taskId, error }) });
    });
    return () => {
      live = false;
      subscription?.unsubscribe();
    };
  }, [client, taskId, terminal]);
  const error = taskId && failure?.id === taskId ? failure.error : undefined;
  const status: TaskHookStatus = !taskId
    ? 'idle'
    : task?.status === 'completed'
      ? 'success'
      : terminal || error !== undefined
        ? 'error'
        : 'pending';
  return { task, status, error };
}
