import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { PollTimeoutError } from '../../errors/pollTimeoutError';
import { TaskFailedError } from '../../errors/taskFailedError';
import type { Task } from '../../resources/tasks';
import { loadPollEngine } from '../../tasks/pollEngine';
import { createChannelLocks, type LockManagerLike } from '../channelLocks';
import { createCrossTab } from '../crossTab';
import { defaultLockManager } from '../lockManager';
import { pollTaskShared } from '../pollTaskShared';
import { createChannelHub } from './channelHub';

// `client.tasks.poll` loads its engine with a dynamic import, which Vitest serves with real I/O that fake
// timers do not advance: bring it in first (tasks/__tests__/lazyPoll.test.ts tests the load itself).
beforeAll(() => loadPollEngine());

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The task's status as the service would answer at virtual time `Date.now()`. */
type Script = (elapsedMs: number) => string;

/** Tabs of one origin: each with its own client, store and fetch counter, sharing two in-memory channels. */
function origin(script: Script) {
  const hub = createChannelHub();
  const start = Date.now();
  return (name: string) => {
    const requests: string[] = [];
    const fetch = (async (url: string | URL | Request) => {
      requests.push(String(url));
      const body: Task = { task_id: 't1', status: script(Date.now() - start) };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', getToken: () => 'tok', fetch });
    const crossTab = createCrossTab(client.store, { BroadcastChannel: hub.Channel });
    const locks = createChannelLocks({ BroadcastChannel: hub.Channel, heartbeatMs: 200, settleMs: 20 });
    const statuses: string[] = [];
    let error: unknown;
    let completed = false;
    const watch = () =>
      pollTaskShared(client, 't1', { locks, intervalMs: 100, factor: 1 }).subscribe({
        next: (task) => statuses.push(task.status),
        error: (e) => {
          error = e;
        },
        complete: () => {
          completed = true;
        },
      });
    return {
      name,
      client,
      requests,
      statuses,
      crossTab,
      locks,
      watch,
      outcome: () => ({ completed, error }),
    };
  };
}

const byTime: Script = (ms) => (ms < 250 ? 'pending' : ms < 600 ? 'running' : 'completed');

describe('pollTaskShared', () => {
  it('polls from one tab only; the other sees every status without a request', async () => {
    const tab = origin(byTime);
    const a = tab('a');
    const b = tab('b');
    a.watch();
    b.watch();
    await vi.advanceTimersByTimeAsync(1500);
    const pollers = [a, b].filter((t) => t.requests.length > 0);
    expect(pollers).toHaveLength(1);
    for (const t of [a, b]) {
      expect(t.outcome()).toEqual({ completed: true, error: undefined });
      expect(t.statuses.at(-1)).toBe('completed');
      expect(t.client.store.get('task', 't1')).toMatchObject({ status: 'completed' });
    }
    expect(vi.getTimerCount()).toBe(0);
  });

  it('hands polling over when the leading tab goes away', async () => {
    const tab = origin(byTime);
    const a = tab('a');
    const b = tab('b');
    const leading = a.watch();
    await vi.advanceTimersByTimeAsync(60);
    b.watch();
    await vi.advanceTimersByTimeAsync(200);
    expect(a.requests.length).toBeGreaterThan(0);
    expect(b.requests).toHaveLength(0);
    leading.unsubscribe();
    a.crossTab.close();
    const before = a.requests.length;
    await vi.advanceTimersByTimeAsync(1500);
    expect(a.requests).toHaveLength(before);
    expect(b.requests.length).toBeGreaterThan(0);
    expect(b.outcome()).toEqual({ completed: true, error: undefined });
    expect(b.statuses).toEqual(['pending', 'running', 'completed']);
  });

  it('errors TaskFailedError in every tab when the task fails', async () => {
    const tab = origin((ms) => (ms < 150 ? 'running' : 'failed'));
    const a = tab('a');
    const b = tab('b');
    a.watch();
    b.watch();
    await vi.advanceTimersByTimeAsync(1000);
    for (const t of [a, b]) expect(t.outcome().error).toBeInstanceOf(TaskFailedError);
    expect(a.requests.length + b.requests.length).toBeGreaterThan(0);
    expect(Math.min(a.requests.length, b.requests.length)).toBe(0);
  });

  it('does not poll a task the store already holds as ended', async () => {
    const tab = origin(byTime);
    const a = tab('a');
    a.client.store.apply('task', 't1', { task_id: 't1', status: 'completed' });
    a.watch();
    await vi.advanceTimersByTimeAsync(500);
    expect(a.requests).toHaveLength(0);
    expect(a.outcome().completed).toBe(true);
    expect(a.statuses).toEqual(['completed']);
  });

  it("passes the leader's own poll errors on, such as a timeout", async () => {
    const tab = origin(() => 'running');
    const a = tab('a');
    const locks = createChannelLocks({ BroadcastChannel: createChannelHub().Channel, settleMs: 1 });
    let error: unknown;
    pollTaskShared(a.client, 't1', { locks, intervalMs: 10, factor: 1, maxAttempts: 3 }).subscribe({
      error: (e) => {
        error = e;
      },
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect(a.requests).toHaveLength(3);
  });

  it('uses the Web Locks API when the page has it', async () => {
    const requested: string[] = [];
    const locks: LockManagerLike = {
      request: (name, _options, callback) => {
        requested.push(name);
        return callback({ name });
      },
    };
    vi.stubGlobal('navigator', { locks });
    expect(defaultLockManager()).toBe(locks);
    const tab = origin(byTime);
    const a = tab('a');
    pollTaskShared(a.client, 't1', { intervalMs: 100 }).subscribe();
    await vi.advanceTimersByTimeAsync(1500);
    expect(requested).toEqual(['vstore:task:t1']);
    expect(a.client.store.get('task', 't1')).toMatchObject({ status: 'completed' });
  });

  it('falls back to a channel lease, or to polling in every tab when there is no channel either', async () => {
    vi.stubGlobal('navigator', {});
    const lease = defaultLockManager();
    expect(lease).toBe(defaultLockManager());
    vi.stubGlobal('BroadcastChannel', undefined);
    const unshared = defaultLockManager();
    expect(unshared).not.toBe(lease);
    await expect(unshared.request('x', {}, async () => 'ran')).resolves.toBe('ran');
  });
});
