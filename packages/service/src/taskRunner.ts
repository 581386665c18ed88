import type { Timers } from './timers';
import type { Task, TaskOutcome, TaskStatus } from './types';

/** Fixed outcome, or one chosen per task (e.g. fail every deletion of acc_2). */
export type TaskOutcomeOption = TaskOutcome | ((task: Readonly<Task>) => TaskOutcome);

export interface TaskRunnerOptions {
  now: () => number;
  timers: Timers;
  durationMs: number;
  outcome: TaskOutcomeOption;
  publish: (eventType: string, data: unknown) => void;
  /** Finished tasks kept for GET /tasks/{id}; beyond it the oldest finished one is forgotten (404). */
  maxFinished: number;
}

interface TaskRecord {
  task: Task;
  startedAt: number;
  outcome: TaskOutcome;
  onSettled: (outcome: TaskOutcome) => void;
}

export interface TaskRunner {
  start(
    operation: string,
    resourceType: string,
    resourceId: string,
    onSettled: (outcome: TaskOutcome) => void,
  ): Task;
  get(taskId: string): Task | undefined;
  /** Advances every unfinished task to the status the clock says it has now. */
  refreshAll(): void;
  list(): Task[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Tasks advance by elapsed time, not by a background loop: pending for the first quarter of
 * `durationMs`, running until `durationMs`, then terminal for good. Status is recomputed on
 * every read, and two timers per task make the transitions (and their webhooks) happen even
 * when nobody polls. Each transition, skipped or not, publishes `task.updated` once, in order.
 */
export function createTaskRunner(options: TaskRunnerOptions): TaskRunner {
  const records = new Map<string, TaskRecord>();
  const active = new Set<TaskRecord>();
  // Ids of finished tasks in the order they finished: a long-running service must not keep every task.
  const finished = new Set<string>();
  let counter = 0;
  const pendingMs = Math.floor(options.durationMs / 4);

  const target = (record: TaskRecord, t: number): { status: TaskStatus; at: number } => {
    const elapsed = t - record.startedAt;
    if (elapsed >= options.durationMs)
      return { status: record.outcome, at: record.startedAt + options.durationMs };
    if (elapsed >= pendingMs) return { status: 'running', at: record.startedAt + pendingMs };
    return { status: 'pending', at: record.startedAt };
  };

  const refresh = (record: TaskRecord): void => {
    if (!active.has(record)) return;
    const next = target(record, options.now());
    if (next.status === record.task.status) return;
    if (record.task.status === 'pending' && next.status !== 'running') {
      record.task = { ...record.task, status: 'running', updated_at: iso(record.startedAt + pendingMs) };
      options.publish('task.updated', record.task);
    }
    const task: Task = { ...record.task, status: next.status, updated_at: iso(next.at) };
    if (next.status === 'failed') {
      task.error = {
        type: 'TaskFailed',
        message: `The ${task.operation} operation failed; nothing was changed.`,
      };
    }
    record.task = task;
    if (next.status === 'running') {
      options.publish('task.updated', task);
      return;
    }
    active.delete(record);
    finished.add(task.task_id);
    for (const oldest of finished) {
      if (finished.size <= options.maxFinished) break;
      finished.delete(oldest);
      records.delete(oldest);
    }
    // Side effects first (e.g. the account disappears), then the event: a receiver that sees the
    // terminal task can rely on the resource already being in its final state.
    record.onSettled(record.outcome);
    options.publish('task.updated', task);
  };

  return {
    start(operation, resourceType, resourceId, onSettled) {
      counter += 1;
      const t = options.now();
      const task: Task = {
        task_id: `task_${counter}`,
        status: 'pending',
        operation,
        resource_type: resourceType,
        resource_id: resourceId,
        created_at: iso(t),
        updated_at: iso(t),
      };
      const outcome = typeof options.outcome === 'function' ? options.outcome(task) : options.outcome;
      const record: TaskRecord = { task, startedAt: t, outcome, onSettled };
      records.set(task.task_id, record);
      active.add(record);
      options.publish('task.created', task);
      options.timers.after(pendingMs, () => refresh(record));
      options.timers.after(options.durationMs, () => refresh(record));
      return task;
    },
    get(taskId) {
      const record = records.get(taskId);
      if (!record) return undefined;
      refresh(record);
      return record.task;
    },
    refreshAll() {
      for (const record of [...active]) refresh(record);
    },
    list() {
      return [...records.values()].map((r) => r.task);
    },
  };
}
