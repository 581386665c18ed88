import { asyncScheduler, map, Subject, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Reply, reply, scriptedClient } from '../../client/__tests__/scripted';
import { PollTimeoutError } from '../../errors/pollTimeoutError';
import { TaskCancelledError } from '../../errors/taskCancelledError';
import { TaskFailedError } from '../../errors/taskFailedError';
import { loadPollEngine } from '../pollEngine';
import type { VisibilitySource } from '../visibility';

// `tasks.poll` and `pollTask` load their engine with a dynamic import on first subscription; the TestScheduler runs
// synchronously and does not wait for promises, so the engine is brought in first. The load itself,
// and what happens before it resolves, is tested in lazyPoll.test.ts.
beforeAll(() => loadPollEngine());

const task = (status: string) => reply(200, { task_id: 'task_1', status, operation: 'account.delete' });

function marbles(body: (helpers: Parameters<Parameters<TestScheduler['run']>[0]>[0]) => void) {
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(body);
}

/** A task that is `running` until `doneAt` (virtual ms), then `status`. */
function taskUntil(
  doneAt: number,
  status = 'completed',
  extra: (index: number) => Reply | undefined = () => undefined,
) {
  return (_: unknown, index: number) =>
    extra(index) ?? (asyncScheduler.now() >= doneAt ? task(status) : task('running'));
}

const statusOf = map((t: { status: string }) => t.status);

describe('tasks.poll schedules (virtual time)', () => {
  it('takes 11 requests for a task that completes at 10 s under a fixed 1 s schedule', () => {
    marbles(({ expectObservable, flush }) => {
      const { client, requests } = scriptedClient(taskUntil(10_000));
      expectObservable(client.tasks.poll('task_1', { delay: () => 1000 }).pipe(statusOf)).toBe(
        'a 9999ms (b|)',
        {
          a: 'running',
          b: 'completed',
        },
      );
      flush();
      expect(requests.map((q) => q.at)).toEqual([
        0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000,
      ]);
      expect(requests[0]?.url).toBe('https://api.test/tasks/task_1');
    });
  });

  it('lets a 429 with Retry-After: 5 in the middle delay the next request by 5 s, and stays bounded', () => {
    marbles(({ expectObservable, flush }) => {
      const rateLimited = (i: number) => (i === 3 ? reply(429, {}, { 'retry-after': '5' }) : undefined);
      const { client, requests } = scriptedClient(taskUntil(10_000, 'completed', rateLimited));
      expectObservable(client.tasks.poll('task_1', { delay: () => 1000 }).pipe(statusOf)).toBe(
        'a 9999ms (b|)',
        {
          a: 'running',
          b: 'completed',
        },
      );
      flush();
      // The wait is decided after each reply, so the 5 s wait is not cut short by a ticking timer.
      expect(requests.map((q) => q.at)).toEqual([0, 1000, 2000, 3000, 8000, 9000, 10_000]);
    });
  });

  it('follows the default schedule: at once, then 1 s growing ×1.5 up to 10 s', () => {
    marbles(({ flush }) => {
      const { client, requests } = scriptedClient(taskUntil(25_000));
      client.tasks.poll('task_1').subscribe();
      flush();
      expect(requests.map((q) => q.at)).toEqual([0, 1000, 2500, 4750, 8125, 13_188, 20_782, 30_782]);
    });
  });

  it('emits each new status once and completes after completed', () => {
    marbles(({ expectObservable }) => {
      const statuses = ['pending', 'pending', 'running', 'running', 'completed'];
      const { client } = scriptedClient((_, i) => task(statuses[i] ?? 'completed'));
      expectObservable(client.tasks.poll('task_1', { delay: () => 1000 }).pipe(statusOf)).toBe(
        'a 1999ms b 1999ms (c|)',
        { a: 'pending', b: 'running', c: 'completed' },
      );
    });
  });

  it.each([
    ['failed', TaskFailedError],
    ['cancelled', TaskCancelledError],
  ])('errors on %s with the task', (status, type) => {
    marbles(({ flush }) => {
      const { client } = scriptedClient(taskUntil(2000, status));
      let error: unknown;
      const seen: string[] = [];
      client.tasks.poll('task_1', { delay: () => 1000 }).subscribe({
        next: (t) => seen.push(t.status),
        error: (e: unknown) => {
          error = e;
        },
      });
      flush();
      expect(seen).toEqual(['running']);
      expect(error).toBeInstanceOf(type);
      expect((error as TaskFailedError).task.status).toBe(status);
    });
  });

  it('stops with PollTimeoutError after maxAttempts reads', () => {
    marbles(({ flush }) => {
      const { client, requests } = scriptedClient(taskUntil(Number.POSITIVE_INFINITY));
      let error: PollTimeoutError | undefined;
      client.tasks.poll('task_1', { delay: () => 1000, maxAttempts: 3 }).subscribe({
        error: (e: PollTimeoutError) => {
          error = e;
        },
      });
      flush();
      expect(requests.map((q) => q.at)).toEqual([0, 1000, 2000]);
      expect(error).toBeInstanceOf(PollTimeoutError);
      expect(error?.attempts).toBe(3);
      expect(error?.elapsedMs).toBe(2000);
    });
  });

  it('stops at maxDurationMs, aborting the read in flight', () => {
    marbles(({ flush }) => {
      const slow = () => ({ ...task('running'), latencyMs: 800 });
      const { client, requests, aborted } = scriptedClient(slow);
      let error: PollTimeoutError | undefined;
      client.tasks.poll('task_1', { delay: () => 1000, maxDurationMs: 4000 }).subscribe({
        error: (e: PollTimeoutError) => {
          error = e;
        },
      });
      flush();
      // Replies at 800, 2600; the read sent at 3600 is still in flight at 4000.
      expect(requests.map((q) => q.at)).toEqual([0, 1800, 3600]);
      expect(aborted()).toBe(1);
      expect(error?.elapsedMs).toBe(4000);
    });
  });

  it('aborts the request in flight and stops every timer when unsubscribed', () => {
    marbles(({ flush }) => {
      const { client, requests, aborted } = scriptedClient(() => ({ ...task('running'), latencyMs: 800 }));
      const subscription = client.tasks.poll('task_1', { delay: () => 1000 }).subscribe();
      timer(2000).subscribe(() => subscription.unsubscribe());
      flush();
      expect(requests.map((q) => q.at)).toEqual([0, 1800]);
      expect(aborted()).toBe(1);
    });
  });

  it('holds the next poll while the page is hidden when asked to', () => {
    marbles(({ flush }) => {
      let hidden = false;
      const changes = new Subject<void>();
      const visibility: VisibilitySource = { isHidden: () => hidden, changes };
      const { client, requests } = scriptedClient(taskUntil(6000));
      client.tasks.poll('task_1', { delay: () => 1000, pauseWhenHidden: visibility }).subscribe();
      timer(1500).subscribe(() => {
        hidden = true;
        changes.next();
      });
      timer(5000).subscribe(() => {
        hidden = false;
        changes.next();
      });
      flush();
      expect(requests.map((q) => q.at)).toEqual([0, 1000, 5000, 6000]);
    });
  });
});
