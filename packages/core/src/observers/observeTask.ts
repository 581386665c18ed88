import type { VStoreError } from '../errors/vstoreError';
import { contextOf } from '../reads/readContext';
import { readKey } from '../reads/readKey';
import type { TaskClient } from '../reads/taskClient';
import type { PollOptions } from '../tasks/pollOptions';
import { isTerminalTask, type Task } from '../wire/task';
import { EntryObserver } from './entryObserver';

/**
 * Status of a followed task: `idle` without a task id, `pending` until terminal, `success` once
 * `completed`, `error` when it failed or was cancelled or polling failed.
 */
export type TaskObserverStatus = 'idle' | 'pending' | 'success' | 'error';

/** What a task observer shows: the task as the store holds it, a status, and the error if any. */
export interface TaskObserverResult {
  /** The store's copy of the task (polled replies pass the store's status order). */
  readonly task: Task | undefined;
  /** idle without a task id; pending until terminal; success once `completed`; error on failed, cancelled or a poll error. */
  readonly status: TaskObserverStatus;
  /** `TaskFailedError`, `TaskCancelledError`, `PollTimeoutError` or a request error from the poller. */
  readonly error: VStoreError | undefined;
}

/** One task followed by polling, as a subscribable result; see `observeTask`. */
export interface TaskObserver {
  /**
   * The same object until the task or the poll's error changes: usable as a `useSyncExternalStore` snapshot.
   */
  getResult(): TaskObserverResult;
  /**
   * The first subscriber starts polling unless the task is terminal in the store; observers of the
   * same task share one poller, and the last one leaving stops it a microtask later.
   */
  subscribe(listener: () => void): () => void;
}

const IDLE: TaskObserverResult = /* @__PURE__ */ Object.freeze({
  task: undefined,
  status: 'idle',
  error: undefined,
});

/** Follows a task: polls (core's `tasks.poll`) while subscribed and the task is not terminal. */
export function observeTask(
  tasks: TaskClient,
  taskId: string | undefined,
  options: PollOptions & { timeoutMs?: number | undefined } = {},
): TaskObserver {
  if (taskId === undefined) return { getResult: () => IDLE, subscribe: () => () => {} };
  const { store, reads } = contextOf(tasks);
  const observed = new EntryObserver(
    reads,
    readKey('task', taskId, 'poll'),
    (state, result: TaskObserverResult | undefined) => {
      const task = store.get<Task>('task', taskId);
      const error = state?.error;
      if (result && result.task === task && result.error === error) return result;
      const status: TaskObserverStatus =
        task?.status === 'completed'
          ? 'success'
          : error !== undefined || isTerminalTask(task)
            ? 'error'
            : 'pending';
      return Object.freeze({ task, status, error });
    },
    (entry, changed) => {
      const offStore = store.subscribe('task', taskId, changed);
      // The client's own `poll`, or a derived part's (one tab polling for all): observers share it.
      if (!isTerminalTask(store.get<Task>('task', taskId)))
        entry.run(
          () => tasks.poll(taskId, options),
          () => ({ type: 'succeeded', at: reads.now() }),
        );
      return offStore;
    },
  );
  return { getResult: observed.getResult, subscribe: observed.subscribe };
}
