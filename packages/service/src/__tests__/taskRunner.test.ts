import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTaskRunner, type TaskOutcomeOption } from '../taskRunner';
import { createTimers } from '../timers';
import type { Task } from '../types';

const runner = (outcome: TaskOutcomeOption = 'completed') => {
  const events: { type: string; status: string }[] = [];
  const settled: string[] = [];
  const timers = createTimers();
  const tasks = createTaskRunner({
    now: () => Date.now(),
    timers,
    durationMs: 1000,
    outcome,
    publish: (type, data) => events.push({ type, status: (data as Task).status }),
    maxFinished: 100,
  });
  return { tasks, events, settled, timers };
};

describe('createTaskRunner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('runs pending, then running after a quarter, then terminal at durationMs, with one event each', async () => {
    const { tasks, events, settled } = runner();
    const task = tasks.start('account.delete', 'account', 'acc_1', (o) => settled.push(o));
    expect(task.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(249);
    expect(tasks.get(task.task_id)?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(tasks.get(task.task_id)?.status).toBe('running');
    await vi.advanceTimersByTimeAsync(750);
    expect(tasks.get(task.task_id)).toMatchObject({
      status: 'completed',
      updated_at: '1970-01-01T00:00:01.000Z',
    });
    expect(settled).toEqual(['completed']);
    expect(events).toEqual([
      { type: 'task.created', status: 'pending' },
      { type: 'task.updated', status: 'running' },
      { type: 'task.updated', status: 'completed' },
    ]);
  });

  it('publishes every skipped transition in order when the clock jumps past them', () => {
    const events: string[] = [];
    let t = 0;
    const tasks = createTaskRunner({
      now: () => t,
      timers: createTimers(),
      durationMs: 1000,
      outcome: 'cancelled',
      publish: (_type, data) => events.push((data as Task).status),
      maxFinished: 100,
    });
    const { task_id } = tasks.start('account.delete', 'account', 'acc_1', () => {});
    t = 5000;
    expect(tasks.get(task_id)?.status).toBe('cancelled');
    expect(events).toEqual(['pending', 'running', 'cancelled']);
  });

  it('lets a function choose the outcome per task and describes failures', async () => {
    const { tasks } = runner((task) => (task.resource_id === 'acc_bad' ? 'failed' : 'completed'));
    const bad = tasks.start('account.delete', 'account', 'acc_bad', () => {});
    const good = tasks.start('account.delete', 'account', 'acc_ok', () => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(tasks.get(bad.task_id)).toMatchObject({ status: 'failed', error: { type: 'TaskFailed' } });
    expect(tasks.get(good.task_id)?.status).toBe('completed');
    expect(tasks.get(good.task_id)).not.toHaveProperty('error');
  });

  it('keeps a terminal status for good and does nothing after timers are disposed', async () => {
    const { tasks, events, timers } = runner();
    const { task_id } = tasks.start('account.delete', 'account', 'acc_1', () => {});
    await vi.advanceTimersByTimeAsync(5000);
    const count = events.length;
    tasks.refreshAll();
    expect(events).toHaveLength(count);
    const second = tasks.start('account.delete', 'account', 'acc_2', () => {});
    timers.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(tasks.get(task_id)?.status).toBe('completed');
    expect(tasks.get(second.task_id)?.status).toBe('pending');
    expect(tasks.get('task_404')).toBeUndefined();
  });

  it('keeps at most maxFinished finished tasks, forgetting the oldest first, and every unfinished one', async () => {
    const tasks = createTaskRunner({
      now: () => Date.now(),
      timers: createTimers(),
      durationMs: 1000,
      outcome: 'completed',
      publish: () => {},
      maxFinished: 2,
    });
    const start = (id: string) => tasks.start('account.delete', 'account', id, () => {}).task_id;
    const [a, b, c] = [start('acc_a'), start('acc_b'), start('acc_c')];
    await vi.advanceTimersByTimeAsync(1000);
    expect(tasks.get(a)).toBeUndefined();
    expect([tasks.get(b)?.status, tasks.get(c)?.status]).toEqual(['completed', 'completed']);
    const d = start('acc_d');
    expect(tasks.list().map((t) => t.task_id)).toEqual([b, c, d]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(tasks.list().map((t) => t.task_id)).toEqual([c, d]);
  });
});
