import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidUpdateError } from '../../errors/invalidUpdateError';
import { TaskFailedError } from '../../errors/taskFailedError';
import { loadPollEngine } from '../../tasks/pollEngine';
import { observeTask } from '../observeTask';
import { observeUpdate } from '../observeUpdate';
import { control, manualService } from './manualService';

// `tasks.poll` loads its engine with a dynamic import, which Vitest serves with real I/O that fake timers
// do not advance: bring it in first (tasks/__tests__/lazyPoll.test.ts tests the load itself).
beforeAll(() => loadPollEngine());
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('observeTask', () => {
  it('shares one poller between observers of a task, and stops it a microtask after the last leaves', async () => {
    const { client, held, open } = manualService();
    const a = observeTask(client.tasks, 't_1');
    const b = observeTask(client.tasks, 't_1');
    const offA = a.subscribe(() => {});
    const offB = b.subscribe(() => {});
    await flush();
    expect(held).toHaveLength(1);
    held[0]?.answer(200, { task_id: 't_1', status: 'running' });
    await flush();
    expect(a.getResult()).toMatchObject({ status: 'pending', task: { status: 'running' } });
    expect(b.getResult()).toBe(b.getResult());
    await vi.advanceTimersByTimeAsync(1000);
    expect(held).toHaveLength(2);
    offA();
    offB();
    expect(open()).toHaveLength(1);
    await Promise.resolve();
    expect(open()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(held).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("follows a task through a wrapper of client.tasks derived with Object.create, using the wrapper's poll", async () => {
    const { client, held } = manualService();
    const polls: string[] = [];
    const wrapped = Object.assign(Object.create(client.tasks) as typeof client.tasks, {
      poll: (taskId: string, options?: Parameters<typeof client.tasks.poll>[1]) => {
        polls.push(taskId);
        return client.tasks.poll(taskId, options);
      },
    });
    const observer = observeTask(wrapped, 't_1');
    const off = observer.subscribe(() => {});
    await flush();
    held[0]?.answer(200, { task_id: 't_1', status: 'completed' });
    await flush();
    expect(polls).toEqual(['t_1']);
    expect(observer.getResult()).toMatchObject({ status: 'success', task: { status: 'completed' } });
    off();
    // A copy made by spreading is no client part: a clear TypeError, not a silent second store.
    expect(() => observeTask({ ...client.tasks }, 't_1')).toThrow(/not made by a vstore client/);
  });

  it('ends in error with the poller error, and is idle without an id', async () => {
    const { client, held } = manualService();
    const observer = observeTask(client.tasks, 't_2');
    observer.subscribe(() => {});
    await flush();
    held[0]?.answer(200, { task_id: 't_2', status: 'failed' });
    await flush();
    expect(observer.getResult().status).toBe('error');
    expect(observer.getResult().error).toBeInstanceOf(TaskFailedError);
    expect(observeTask(client.tasks, undefined).getResult()).toEqual({
      task: undefined,
      status: 'idle',
      error: undefined,
    });
  });
});

describe('observeUpdate', () => {
  it('tracks the latest call only, never rejects, and notifies per change of state', async () => {
    const { client, held } = manualService();
    const update = observeUpdate(client.spendControls);
    const listener = vi.fn();
    update.subscribe(listener);
    const first = update.mutate('sc_1', { name: 'a' });
    const second = update.mutate('sc_1', { name: 'b' });
    expect(update.getResult().status).toBe('pending');
    await flush();
    held[1]?.answer(200, control(3, 'sc_1', 'b'));
    await expect(second).resolves.toMatchObject({ version: 3 });
    held[0]?.answer(500, { type: 'internal', trace_id: 't', message: 'down' });
    // A PATCH lost to a 5xx is settled by one read (never a resend); it shows b, not a, so the write
    // did not land and the call fails with the original error.
    await flush();
    held[2]?.answer(200, control(3, 'sc_1', 'b'));
    await expect(first).resolves.toBeUndefined();
    expect(update.getResult()).toMatchObject({ status: 'success', data: { name: 'b' }, error: undefined });
    const bad = update.mutate('sc_1', { version: 9 } as never);
    await expect(bad).resolves.toBeUndefined();
    expect(update.getResult().error).toBeInstanceOf(InvalidUpdateError);
    expect(listener.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps its result, and notifies nobody, when a second write starts while one is pending', () => {
    const { client } = manualService();
    const update = observeUpdate(client.spendControls);
    const listener = vi.fn();
    update.subscribe(listener);
    void update.mutate('sc_1', { name: 'a' });
    const pending = update.getResult();
    expect(listener).toHaveBeenCalledTimes(1);
    void update.mutate('sc_1', { name: 'b' });
    expect(update.getResult()).toBe(pending);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
