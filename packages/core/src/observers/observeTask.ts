import type { VStoreError } from '../errors/vstoreError';
import { toPromise } from '../http/toPromise';
import type { Task } from '../resources/tasks';
import { isTerminalTask } from '../tasks/isTerminalTask';
import type { PollOptions } from '../tasks/pollUntil';
import type { TaskClient } from '../tasks/taskClient';
import { readKey } from './requestCache';
import { contextOf } from './resourceLink';
import { resultListeners } from './resultListeners';

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
  options: PollOptions & { timeoutMs?: number } = {},
): TaskObserver {
  if (taskId === undefined) return { getResult: () => IDLE, subscribe: () => () => {} };
  const { store, requests } = contextOf(tasks);
  const key = readKey('task', taskId, 'poll');
  let result: TaskObserverResult = IDLE;
  const getResult = () => {
    const task = store.get<Task>('task', taskId);
    const error = requests.get(key)?.error;
    if (result !== IDLE && result.task === task && result.error === error) return result;
    const status: TaskObserverStatus =
      task?.status === 'completed'
        ? 'success'
        : error !== undefined || isTerminalTask(task)
          ? 'error'
          : 'pending';
    result = Object.freeze({ task, status, error });
    return result;
  };
  const listeners = resultListeners(getResult, () => {
    const release = requests.retain(key);
    const offRequests = requests.subscribe(key, listeners.changed);
    const offStore = store.subscribe('task', taskId, listeners.changed);
    if (!isTerminalTask(store.get<Task>('task', taskId)))
      void requests.run(key, (signal) => toPromise(tasks.poll(taskId, options), signal));
    return () => {
      offStore();
      offRequests();
      release();
    };
  });
  return { getResult, subscribe: listeners.subscribe };
}
