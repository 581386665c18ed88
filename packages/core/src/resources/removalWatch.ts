import type { EntityStore, Origin } from '../store/types';
import { type Task, TERMINAL_TASK_STATUSES } from './tasks';

export interface RemovalWatchOptions {
  /**
   * Tasks watched at once; past it the oldest watch is dropped (its entity then stays until a read
   * or an event says otherwise). Bounds what a tab that never learns a task's end keeps around.
   * @default 1000
   */
  limit?: number;
}

/** Entities removed by tasks (account deletion), whatever way the task's end reaches the store. */
export interface RemovalWatch {
  /**
   * Removes `type`/`id` from the store once task `taskId` is `completed` there: from this tab's poll,
   * an event, another tab or the 202 itself. A failed or cancelled task ends the watch and keeps it.
   */
  watch(taskId: string, type: string, id: string): void;
  /** Tasks still watched. */
  readonly size: number;
}

export function createRemovalWatch(store: EntityStore, options: RemovalWatchOptions = {}): RemovalWatch {
  const limit = Math.max(1, options.limit ?? 1000);
  // Insertion-ordered, so the first entry is the oldest watch.
  const watching = new Map<string, () => void>();
  // Where each watched task's latest state came from: the removal it causes is labelled the same way
  // (an event, this tab's poll, another tab, a hydrated page), so the devtools show its true source.
  const origins = new Map<string, Origin>();
  let tracking: { unsubscribe(): void } | undefined;

  const stop = (taskId: string) => {
    const unsubscribe = watching.get(taskId);
    if (!unsubscribe) return;
    watching.delete(taskId);
    origins.delete(taskId);
    unsubscribe();
    if (watching.size === 0) {
      tracking?.unsubscribe();
      tracking = undefined;
    }
  };

  return {
    watch(taskId, type, id) {
      stop(taskId);
      // `accepted` reports a write before its subscribers are notified, so `check` below finds the
      // origin of the write that woke it. Held only while a task is watched: no cost otherwise.
      tracking ??= store.accepted.subscribe((change) => {
        if (change.type === 'task' && watching.has(change.id)) origins.set(change.id, change.origin);
      });
      const check = () => {
        const status = store.get<Task>('task', taskId)?.status;
        const ended = status !== undefined && TERMINAL_TASK_STATUSES.has(status);
        // A task that ended before the watch began came with the answer that started it (the 202).
        const origin = origins.get(taskId) ?? 'response';
        // Stop before removing: the removal notifies other listeners, which may throw.
        if (ended || store.isRemoved('task', taskId)) stop(taskId);
        if (status === 'completed') store.remove(type, id, origin);
      };
      watching.set(taskId, store.subscribe('task', taskId, check));
      const oldest = watching.keys().next().value;
      if (watching.size > limit && oldest !== undefined) stop(oldest);
      // The task may already have ended before the watch began (the 202 itself, another tab).
      check();
    },
    get size() {
      return watching.size;
    },
  };
}
