import { distinctUntilChanged, filter, Observable, type Subscription } from 'rxjs';
import { TaskCancelledError } from '../errors/taskCancelledError';
import { TaskFailedError } from '../errors/taskFailedError';
import type { EntityStore } from '../store/types';
import type { PollOptions } from '../tasks/pollOptions';
import type { Task } from '../wire/task';
import { isTerminalTask } from '../wire/task';
import type { LockManagerLike } from './channelLocks';
import { defaultLockManager } from './lockManager';

export interface SharedPollOptions extends PollOptions {
  /** Who may poll. @default defaultLockManager(): Web Locks, else a BroadcastChannel lease */
  locks?: LockManagerLike;
  /**
   * Lock name prefix; tabs that should share polling must use the same one.
   * @default 'vstore:task:'
   */
  lockPrefix?: string;
  /**
   * How long a tab that got the lock lets messages already on their way land before its first poll:
   * the previous leader broadcasts the final status just before it releases the lock, and another
   * tab can be granted the lock before that message reaches it.
   * @default 50
   */
  handoverMs?: number;
}

/** The parts of a client this needs; `createClient(...)` fits. */
export interface SharedPollClient {
  readonly store: EntityStore;
  /** Polls a task (`client.tasks.poll` fits). */
  readonly tasks: { poll(taskId: string, options?: PollOptions): Observable<Task> };
}

const isTerminal = isTerminalTask;

/**
 * Like `client.tasks.poll`, but only one tab of the origin polls a given task: the one holding the
 * lock `vstore:task:<id>`. Every tab, the leader included, emits what its store learns about the
 * task, so the other tabs see the leader's results through `createCrossTab` without a request of
 * their own. If the leading tab closes, its lock passes to a waiting tab, which polls on unless the
 * task already ended. Emits each new status; completes after `completed`; errors
 * `TaskFailedError` / `TaskCancelledError`, and, in the leading tab, whatever its poll errors with
 * (`PollTimeoutError`, network errors). Unsubscribing stops polling and leaves the queue for the lock.
 */
export function pollTaskShared(
  client: SharedPollClient,
  taskId: string,
  options: SharedPollOptions = {},
): Observable<Task> {
  const {
    locks = defaultLockManager(),
    lockPrefix = 'vstore:task:',
    handoverMs = 50,
    ...pollOptions
  } = options;
  const { store } = client;
  return new Observable<Task>((subscriber) => {
    const view = store
      .observe<Task>('task', taskId)
      .pipe(
        filter((task): task is Task => task !== undefined),
        distinctUntilChanged((a, b) => a.status === b.status),
      )
      .subscribe({
        next(task) {
          if (task.status === 'failed') subscriber.error(new TaskFailedError(task));
          else if (task.status === 'cancelled') subscriber.error(new TaskCancelledError(task));
          else {
            subscriber.next(task);
            if (task.status === 'completed') subscriber.complete();
          }
        },
        complete: () => subscriber.complete(),
      });
    if (subscriber.closed) return () => view.unsubscribe();

    const abort = new AbortController();
    let poll: Subscription | undefined;
    let release: (() => void) | undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;
    locks
      .request(
        `${lockPrefix}${taskId}`,
        { signal: abort.signal },
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            settle = setTimeout(() => {
              // A tab that waited for the lock may find the task already ended by the previous leader.
              if (abort.signal.aborted || isTerminal(store.get<Task>('task', taskId))) return resolve();
              poll = client.tasks.poll(taskId, pollOptions).subscribe({
                // createClient's poll already stored each reply; this keeps any other poll honest (a repeat is a no-op).
                next: (task) => store.apply('task', taskId, task, 'response'),
                // Failed and cancelled reach the subscriber through the store, like every other status.
                // A poll ends on them by throwing, so its last task never came through `next`: it is
                // applied here, or a poll that does not write the store would leave every tab waiting.
                error(error) {
                  if (error instanceof TaskFailedError || error instanceof TaskCancelledError)
                    store.apply('task', taskId, error.task, 'response');
                  else subscriber.error(error);
                  resolve();
                },
                complete: resolve,
              });
            }, handoverMs);
          }),
      )
      .catch((error: unknown) => {
        if (!abort.signal.aborted) subscriber.error(error);
      });

    return () => {
      clearTimeout(settle);
      abort.abort();
      poll?.unsubscribe();
      release?.();
      view.unsubscribe();
    };
  });
}
