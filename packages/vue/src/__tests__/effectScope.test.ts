import { createClient } from '@vstore/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, effectScope, ref } from 'vue';
import {
  createVStore,
  useEntity,
  useSpendControl,
  useSpendControlHistory,
  useTask,
  useUpdateSpendControl,
} from '../index';
import { BASE_URL, held, json, scriptedFetch, spendControl, task, withPollingLoaded } from './scriptedFetch';

withPollingLoaded();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('composables in a plain effectScope', () => {
  it('stop every request and timer when the scope stops', async () => {
    const server = scriptedFetch((call) =>
      call.path.startsWith('/tasks/') ? json(200, task('t_1', 'running')) : held().promise,
    );
    const client = server.client();
    const scope = effectScope();
    const id = ref('sc_1');
    const states = scope.run(() => ({
      control: useSpendControl(id, { client }),
      old: useSpendControl(id, { client, version: 1 }),
      history: useSpendControlHistory(id, { client }),
      task: useTask('t_1', { client }),
      entity: useEntity('spend_control', id, { client }),
      update: useUpdateSpendControl({ client }),
    }))!;
    await vi.advanceTimersByTimeAsync(0);
    // Three reads held in flight, one task read done and its next poll scheduled.
    expect(server.calls).toHaveLength(4);
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    scope.stop();
    await Promise.resolve(); // the last leaver aborts a microtask later (a remount in between keeps the read)
    const reads = server.calls.filter((c) => c.path.startsWith('/spend_controls/'));
    expect(reads.map((c) => c.signal?.aborted)).toEqual([true, true, true]);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.calls).toHaveLength(4);

    // Nothing follows the store any more either.
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 5));
    expect(states.control.data.value).toBeUndefined();
    expect(states.entity.value).toBeUndefined();
  });

  it('take the client from the plugin inside app.runWithContext', () => {
    const client = createClient({
      baseUrl: BASE_URL,
      getToken: () => 'token',
      fetch: scriptedFetch(() => held().promise).fetch,
    });
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 3));
    const app = createApp({ render: () => null });
    app.use(createVStore({ client }));
    const scope = effectScope();
    const entity = app.runWithContext(() => scope.run(() => useEntity('spend_control', 'sc_1')))!;
    expect(entity.value?.version).toBe(3);
    scope.stop();
  });

  it('throws a clear error without a plugin or an explicit client', () => {
    const scope = effectScope();
    expect(() => scope.run(() => useSpendControl('sc_1'))).toThrow(/createVStore/);
    scope.stop();
  });

  it('warns in development when called outside any scope, and not inside one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createClient({
      baseUrl: BASE_URL,
      getToken: () => 'token',
      fetch: scriptedFetch(() => held().promise).fetch,
    });
    const scope = effectScope();
    scope.run(() => useEntity('spend_control', 'sc_1', { client }));
    expect(warn).not.toHaveBeenCalled();
    scope.stop();

    useEntity('spend_control', 'sc_1', { client });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/useEntity\(\) outside setup\(\) or an effectScope/);
  });
});
