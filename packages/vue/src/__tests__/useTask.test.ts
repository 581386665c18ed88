import { PollTimeoutError, TaskFailedError } from '@vstore/core';
import { describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useTask } from '../useTask';
import { json, scriptedFetch, settle, task, withFakeTimers, withPollingLoaded } from './scriptedFetch';

withPollingLoaded();
withFakeTimers();

/** A service whose tasks go through `statuses`, one per read, then stay at the last. */
function setup(statuses: Record<string, string[]>) {
  const reads = new Map<string, number>();
  const server = scriptedFetch((call) => {
    const id = call.path.split('/')[2] ?? '';
    const n = reads.get(id) ?? 0;
    reads.set(id, n + 1);
    const list = statuses[id] ?? [];
    return json(200, task(id, list[Math.min(n, list.length - 1)] ?? 'pending'));
  });
  const client = server.client();
  return { server, client, scope: effectScope() };
}

describe('useTask', () => {
  it('polls until completed, then stops', async () => {
    const { server, client, scope } = setup({ t_1: ['pending', 'running', 'completed'] });
    const state = scope.run(() => useTask('t_1', { client, intervalMs: 1000, factor: 1 }))!;
    expect(state.status.value).toBe('pending');
    await settle();
    expect(state.task.value?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.task.value?.status).toBe('running');
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.task.value?.status).toBe('completed');
    expect(state.status.value).toBe('success');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(3);
    scope.stop();
  });

  it('ends in error with TaskFailedError when the task fails', async () => {
    const { client, scope } = setup({ t_2: ['running', 'failed'] });
    const state = scope.run(() => useTask('t_2', { client, intervalMs: 500, factor: 1 }))!;
    await vi.advanceTimersByTimeAsync(500);
    expect(state.status.value).toBe('error');
    expect(state.error.value).toBeInstanceOf(TaskFailedError);
    expect(state.task.value?.status).toBe('failed');
    scope.stop();
  });

  it('reports PollTimeoutError after the bounded number of reads', async () => {
    const { server, client, scope } = setup({ t_3: ['running'] });
    const state = scope.run(() => useTask('t_3', { client, intervalMs: 100, factor: 1, maxAttempts: 3 }))!;
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.error.value).toBeInstanceOf(PollTimeoutError);
    expect(state.status.value).toBe('error');
    expect(server.calls).toHaveLength(3);
    scope.stop();
  });

  it('does not poll a task the store already holds as terminal, nor an undefined id', async () => {
    const { server, client, scope } = setup({});
    client.store.apply('task', 't_4', task('t_4', 'completed'));
    const id = ref<string>();
    const state = scope.run(() => useTask(id, { client }))!;
    expect(state.status.value).toBe('idle');
    id.value = 't_4';
    await settle();
    expect(state.status.value).toBe('success');
    expect(server.calls).toHaveLength(0);
    scope.stop();
  });

  it('stops polling the old task when the id changes', async () => {
    const { server, client, scope } = setup({ t_5: ['running'], t_6: ['running'] });
    const id = ref('t_5');
    scope.run(() => useTask(id, { client, intervalMs: 1000, factor: 1 }));
    await settle();
    id.value = 't_6';
    await nextTick();
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.count('GET /tasks/t_5')).toBe(1);
    expect(server.count('GET /tasks/t_6')).toBe(4);
    scope.stop();
  });

  it('stops every request and timer when its scope stops', async () => {
    const { server, client, scope } = setup({ t_7: ['running'] });
    scope.run(() => useTask('t_7', { client, intervalMs: 1000 }));
    await settle();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    scope.stop();
    await Promise.resolve(); // the last leaver aborts a microtask later (a remount in between keeps the read)
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
  });
});
