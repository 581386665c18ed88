import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidUpdateError, TaskFailedError } from '../../errors/clientErrors';
import { observeTask } from '../observeTask';
import { observeUpdate } from '../observeUpdate';
import { control, manualService } from './manualService';

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

  it('follows a task through a tasks client derived from the client one, with its own poll', async () => {
    const { client, held } = manualService();
    const poll = vi.fn(client.tasks.poll);
    // What a one-tab-polls setup does: a part built on client.tasks, not a copy of it.
    const shared = Object.assign(Object.create(client.tasks) as typeof client.tasks, { poll });
    const observer = observeTask(shared, 't_3');
    observer.subscribe(() => {});
    await flush();
    expect(poll.mock.calls.map(([id]) => id)).toEqual(['t_3']);
    held[0]?.answer(200, { task_id: 't_3', status: 'completed' });
    await flush();
    expect(observer.getResult()).toMatchObject({ status: 'success', task: { status: 'completed' } });
    expect(() => observeTask({ ...client.tasks }, 't_3')).toThrow(TypeError);
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
});
