// Found by review 37 (failed before its fix): a poll ends on a failed or cancelled task by throwing, so
// that last task never reached the store through `next`; with a poll that does not write the store itself
// (core's pollTask over a plain read, which SharedPollClient accepts) the subscriber waited for good and
// every other tab took the lock and polled again.
import { of } from 'rxjs';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { TaskCancelledError } from '../../errors/taskCancelledError';
import { TaskFailedError } from '../../errors/taskFailedError';
import type { Task } from '../../resources/tasks';
import { createEntityStore } from '../../store/entityStore';
import { loadPollEngine } from '../../tasks/pollEngine';
import { pollTask } from '../../tasks/pollTask';
import type { LockManagerLike } from '../channelLocks';
import { pollTaskShared, type SharedPollClient } from '../pollTaskShared';

beforeAll(() => loadPollEngine());
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

// One tab alone: it gets the lock at once.
const alone: LockManagerLike = { request: (_name, _options, callback) => callback(null) };

// SharedPollClient takes any poll ("`client.tasks.poll` fits"); pollTaskShared applies what it
// emits to the store itself, "to keep any other poll honest". Here, core's own pollTask over a
// plain read that does not write to the store: running, running, then the terminal status.
function ownPoll(terminal: string): SharedPollClient {
  let reads = 0;
  return {
    store: createEntityStore(),
    tasks: {
      poll: (taskId, options) =>
        pollTask(() => of<Task>({ task_id: taskId, status: ++reads < 3 ? 'running' : terminal }), options),
    },
  };
}

it.each([
  ['failed', TaskFailedError],
  ['cancelled', TaskCancelledError],
])(
  'ends with the error when the task is %s, with a poll that does not write the store',
  async (status, ErrorClass) => {
    const client = ownPoll(status);
    const seen: string[] = [];
    let error: unknown;
    let completed = false;
    const subscription = pollTaskShared(client, 't1', { locks: alone, intervalMs: 100, factor: 1 }).subscribe(
      {
        next: (task) => seen.push(task.status),
        error: (e) => {
          error = e;
        },
        complete: () => {
          completed = true;
        },
      },
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual(['running']);
    // The poll ended (the lock is let go) and the subscriber is told, through the store.
    expect(error).toBeInstanceOf(ErrorClass);
    expect(client.store.get<Task>('task', 't1')?.status).toBe(status);
    expect(completed).toBe(false);
    subscription.unsubscribe();
  },
);
