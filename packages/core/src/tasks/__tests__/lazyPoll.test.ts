import { lastValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PollTimeoutError } from '../../errors/pollTimeoutError';
import type { Task } from '../../resources/tasks';
import type * as PollModule from '../taskPollLoop';

// `client.tasks.poll` (and `pollTask`, which it polls with) brings its engine (./taskPollLoop) in with a dynamic import on first subscription. Each
// test runs over a fresh module graph whose `./poll` is loaded as the test says: held until released,
// or failing first. `taskPollLoop` is counted so a test can tell whether any polling started at all.

type Load = (actual: () => Promise<typeof PollModule>) => Promise<typeof PollModule>;

async function freshClient(load: Load, status = 'running') {
  vi.resetModules();
  let loads = 0;
  let polls = 0;
  vi.doMock('../taskPollLoop', () => {
    loads++;
    return load(async () => {
      const actual = await vi.importActual<typeof PollModule>('../taskPollLoop');
      function taskPollLoop<TTask extends Task = Task>(
        ...args: Parameters<typeof actual.taskPollLoop<TTask>>
      ) {
        polls++;
        return actual.taskPollLoop<TTask>(...args);
      }
      return { ...actual, taskPollLoop };
    });
  });
  const { reply, scriptedClient } = await import('../../client/__tests__/scripted');
  const { loadPollEngine } = await import('../pollEngine');
  // This graph's own error class: the one imported at the top is another module instance's.
  const { PollTimeoutError } = await import('../../errors/pollTimeoutError');
  const { pollUntil } = await import('../pollUntil');
  const scripted = scriptedClient(() => reply(200, { task_id: 'task_1', status }));
  return { ...scripted, loadPollEngine, PollTimeoutError, pollUntil, loads: () => loads, polls: () => polls };
}

/** A promise released by the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('../taskPollLoop');
  vi.resetModules();
});

describe('tasks.poll, its engine loaded on first subscription', () => {
  it('starts nothing when unsubscribed before the engine has loaded: no read, no timer', async () => {
    const held = gate();
    const { client, requests, loadPollEngine, loads, polls } = await freshClient(async (actual) => {
      await held.opened;
      return actual();
    });
    const subscription = client.tasks.poll('task_1').subscribe();
    subscription.unsubscribe();
    held.open();
    // The same shared load the subscription started: once it is in, nothing may follow from it.
    await loadPollEngine();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(polls()).toBe(0);
    expect(requests).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(loads()).toBe(1);
  });

  it("errors the subscriber with the failed load's own error, and the next subscription loads again and polls", async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/poll-1a2b.js');
    let attempt = 0;
    const { client, requests, loads, polls } = await freshClient(async (actual) => {
      attempt++;
      if (attempt === 1) throw failure;
      return actual();
    }, 'completed');
    const error = await lastValueFrom(client.tasks.poll('task_1')).catch((e: unknown) => e);
    // What the dynamic import rejected with, unchanged. Here that is Vitest's mocker's wrapper of the
    // loader's failure (its `cause`); in a browser, the TypeError itself.
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).cause).toBe(failure);
    expect(requests).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    // `wait` too reports the failure rather than hanging; each of these tries the load again.
    const completed = await client.tasks.wait('task_1');
    expect(completed).toMatchObject({ task_id: 'task_1', status: 'completed' });
    expect(loads()).toBe(2);
    expect(polls()).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('subscribes synchronously once the engine is in, as before the split', async () => {
    const held = gate();
    const { client, requests, loadPollEngine, loads } = await freshClient(async (actual) => {
      await held.opened;
      return actual();
    });
    const seen: string[] = [];
    const first = client.tasks.poll('task_1').subscribe((task) => seen.push(`first:${task.status}`));
    // Until the engine is in, the first subscription waits: nothing sent yet.
    expect(requests).toHaveLength(0);
    held.open();
    await loadPollEngine();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    expect(seen).toEqual(['first:running']);
    const second = client.tasks.poll('task_1').subscribe((task) => seen.push(`second:${task.status}`));
    // The scripted service answers at once: read sent and reply emitted before `subscribe` returns.
    expect(requests).toHaveLength(2);
    expect(seen).toEqual(['first:running', 'second:running']);
    expect(loads()).toBe(1);
    first.unsubscribe();
    second.unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts the load towards maxDurationMs: a load that never answers ends in PollTimeoutError', async () => {
    const never = gate();
    const { client, requests, polls, PollTimeoutError } = await freshClient(async (actual) => {
      await never.opened;
      return actual();
    });
    const outcome = lastValueFrom(client.tasks.poll('task_1', { maxDurationMs: 5_000 })).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect(error).toMatchObject({ attempts: 0, elapsedMs: 5_000 });
    expect(polls()).toBe(0);
    expect(requests).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives the engine only the time the load left of maxDurationMs', async () => {
    const held = gate();
    const { client, loadPollEngine, PollTimeoutError } = await freshClient(async (actual) => {
      await held.opened;
      return actual();
    });
    const outcome = lastValueFrom(client.tasks.poll('task_1', { maxDurationMs: 5_000 })).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(3_000);
    held.open();
    await loadPollEngine();
    // The task stays running: polls at 0 and 1 s after the load, then the 2 s left run out.
    await vi.advanceTimersByTimeAsync(2_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect((error as PollTimeoutError).elapsedMs).toBeLessThanOrEqual(2_000);
  });
  it('pollUntil waits for the same engine: no read before it is in, then reads until terminal', async () => {
    const held = gate();
    const { pollUntil, loadPollEngine, loads } = await freshClient(async (actual) => {
      await held.opened;
      return actual();
    });
    const replies = ['closing', 'closing', 'closed'];
    let reads = 0;
    const seen: string[] = [];
    let completed = false;
    pollUntil(
      async () => replies[reads++] ?? 'closed',
      (state) => state === 'closed',
      { delay: () => 1_000 },
    ).subscribe({ next: (state) => seen.push(state), complete: () => (completed = true) });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reads).toBe(0);
    held.open();
    await loadPollEngine();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen).toEqual(['closing', 'closing', 'closed']);
    expect(completed).toBe(true);
    expect(loads()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
