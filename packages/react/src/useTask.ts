import { observeTask, type TaskObserverResult, type TaskObserverStatus } from '@vstore/core';
import { useMemo, useRef, useSyncExternalStore } from './react';
import type { TaskPollOptions } from './types';
import { useVStoreClient } from './vstoreProvider';

/** Status of `useTask`: `idle` without a task id, `pending`, `success` once completed, `error`. */
export type TaskHookStatus = TaskObserverStatus;
/** What `useTask` returns: the task as the store holds it, its status, and the error if any. */
export type TaskResult = TaskObserverResult;

/**
 * Follows a task while mounted, over core's `observeTask`: polls only while a component uses it and
 * the task is not terminal; the last one unmounting stops the poller (request and timers).
 */
export function useTask(taskId: string | undefined, options?: TaskPollOptions): TaskResult {
  const { tasks } = useVStoreClient();
  // Options are read when polling starts, as core's poller reads them once.
  const poll = useRef(options);
  const observer = useMemo(() => observeTask(tasks, taskId, poll.current), [tasks, taskId]);
  return useSyncExternalStore(observer.subscribe, observer.getResult, observer.getResult);
}
