// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { type Client, createClient, pollTask, type Task, TaskFailedError } from '@vstore/core';
import { StrictMode } from 'react';
import { lastValueFrom, of } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TaskResult, useTask } from '../useTask';
import { VStoreProvider } from '../vstoreProvider';

/** The service's task endpoint, scripted: each GET answers the next status (the last one repeats). */
function scriptedService(statuses: string[]) {
  const signals: AbortSignal[] = [];
  let served = 0;
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    if (init?.signal) signals.push(init.signal);
    const status = statuses[Math.min(served++, statuses.length - 1)];
    return new Response(JSON.stringify({ task_id: 'task_1', status }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 'test-token', fetch });
  return { client, fetch, signals };
}

function Progress({ taskId, seen }: { taskId: string | undefined; seen: TaskResult[] }) {
  seen.push(useTask(taskId));
  return null;
}

function mount(client: Client, taskId: string | undefined, strict = false) {
  const seen: TaskResult[] = [];
  const tree = (
    <VStoreProvider client={client}>
      <Progress taskId={taskId} seen={seen} />
    </VStoreProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { seen, view };
}

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

// The polling engine loads on the page's first poll with a dynamic import, which fake timers do not
// drive: one poll of a completed task first, in real time (docs/guide/testing.md).
beforeAll(() => lastValueFrom(pollTask(() => of({ task_id: 'task_0', status: 'completed' } as Task))));
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useTask', () => {
  it('polls on the schedule while mounted and stops at completed', async () => {
    const { client, fetch } = scriptedService(['pending', 'running', 'completed']);
    const { seen } = mount(client, 'task_1');
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toMatchObject({ status: 'pending', task: { status: 'pending' } });
    await flush(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)?.task?.status).toBe('running');
    await flush(1500);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(seen.at(-1)).toMatchObject({ status: 'success', task: { status: 'completed' }, error: undefined });
    await flush(60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('stops every request and timer on unmount, aborting the one in flight', async () => {
    const { client, fetch, signals } = scriptedService(['running']);
    const { view } = mount(client, 'task_1');
    await flush();
    await flush(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    fetch.mockImplementationOnce((_url, init) => {
      if (init?.signal) signals.push(init.signal);
      return new Promise<Response>(() => {}); // never answers: still in flight at unmount
    });
    await flush(1500);
    expect(fetch).toHaveBeenCalledTimes(3);
    view.unmount();
    // The last leaver stops the poller a microtask later (a StrictMode remount keeps it).
    expect(signals.at(-1)?.aborted).toBe(false);
    await act(async () => {});
    expect(signals.at(-1)?.aborted).toBe(true);
    await flush(10 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts one poller under StrictMode', async () => {
    const { client, fetch } = scriptedService(['running']);
    mount(client, 'task_1', true);
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    await flush(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('reports a failed task as error with core’s TaskFailedError', async () => {
    const { client, fetch } = scriptedService(['running', 'failed']);
    const { seen } = mount(client, 'task_1');
    await flush();
    await flush(1000);
    expect(seen.at(-1)?.status).toBe('error');
    expect(seen.at(-1)?.error).toBeInstanceOf(TaskFailedError);
    await flush(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('sends nothing for a task already terminal in the store, or without a task id', async () => {
    const { client, fetch } = scriptedService(['running']);
    client.store.apply('task', 'task_1', { task_id: 'task_1', status: 'completed' });
    const done = mount(client, 'task_1');
    const idle = mount(client, undefined);
    await flush(5000);
    expect(fetch).not.toHaveBeenCalled();
    expect(done.seen.at(-1)?.status).toBe('success');
    expect(idle.seen.at(-1)).toEqual({ task: undefined, status: 'idle', error: undefined });
  });
});
