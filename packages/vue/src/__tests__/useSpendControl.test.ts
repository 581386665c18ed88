import { ApiError, createEntityStore } from '@vstore/core';
import { describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref, watch } from 'vue';
import { useSpendControl } from '../useSpendControl';
import {
  held,
  json,
  type Reply,
  type ScriptedCall,
  scriptedFetch,
  settle,
  spendControl,
  withFakeTimers,
} from './scriptedFetch';

withFakeTimers();

function setup(script: (call: ScriptedCall) => Reply) {
  const server = scriptedFetch(script);
  const client = server.client();
  const scope = effectScope();
  return { server, client, scope, run: <T>(fn: () => T): T => scope.run(fn) as T };
}

describe('useSpendControl', () => {
  it('updates data exactly once per newer version, never for stale, duplicate or other keys', async () => {
    const { client, scope, run } = setup(() => json(200, spendControl('sc_1', 2)));
    const state = run(() => useSpendControl('sc_1', { client }));
    let updates = 0;
    run(() => watch(state.data, () => updates++, { flush: 'sync' }));
    expect(state.status.value).toBe('pending');
    await settle();
    expect(updates).toBe(1);
    const loaded = state.data.value;
    expect(loaded?.version).toBe(2);
    expect(state.status.value).toBe('success');

    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 1)); // stale
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 2)); // duplicate
    client.store.apply('spend_control', 'sc_2', spendControl('sc_2', 9)); // another key
    expect(updates).toBe(1); // still only the first load
    expect(state.data.value).toBe(loaded);

    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 3));
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 5));
    expect(updates).toBe(3);
    expect(state.data.value?.version).toBe(5);
    scope.stop();
  });

  it('keeps the newer store copy when a slower reply is older', async () => {
    const reply = held();
    const { client, scope, run } = setup(() => reply.promise);
    const state = run(() => useSpendControl('sc_1', { client }));
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 4), 'event');
    reply.resolve(json(200, spendControl('sc_1', 3)));
    await settle();
    expect(state.data.value?.version).toBe(4);
    expect(state.status.value).toBe('success');
    scope.stop();
  });

  it('does not bring back a control removed while its read was in flight', async () => {
    const reply = held();
    const { client, scope, run } = setup(() => reply.promise);
    const state = run(() => useSpendControl('sc_1', { client }));
    await settle();
    client.store.remove('spend_control', 'sc_1');
    reply.resolve(json(200, spendControl('sc_1', 3)));
    await settle();
    expect(client.store.get('spend_control', 'sc_1')).toBeUndefined();
    expect(state.data.value).toBeUndefined();
    expect(state.status.value).toBe('pending');
    expect(state.isFetching.value).toBe(false);
    scope.stop();
  });

  it('shows a historical version the store has no room to keep', async () => {
    const server = scriptedFetch((call) =>
      json(200, spendControl('sc_1', Number(new URLSearchParams(call.search).get('version')))),
    );
    const store = createEntityStore({ historySize: 0 });
    const client = server.client({ store });
    const scope = effectScope();
    const state = scope.run(() => useSpendControl('sc_1', { client, version: 2 }))!;
    await settle();
    expect(store.getVersion('spend_control', 'sc_1', 2)).toBeUndefined();
    expect(state.data.value?.version).toBe(2);
    expect(state.status.value).toBe('success');
    scope.stop();
  });

  it("follows id changes, aborting the old id's request", async () => {
    const first = held();
    const { server, client, scope, run } = setup((call) =>
      call.path.endsWith('sc_1') ? first.promise : json(200, spendControl('sc_2', 7)),
    );
    const id = ref('sc_1');
    const state = run(() => useSpendControl(id, { client }));
    await settle();
    expect(server.calls).toHaveLength(1);

    id.value = 'sc_2';
    await nextTick();
    expect(server.calls[0]?.signal?.aborted).toBe(true);
    await settle();
    expect(state.data.value?.spend_control_id).toBe('sc_2');

    // A late reply for the old id changes nothing, and the old key is no longer followed.
    first.resolve(json(200, spendControl('sc_1', 1)));
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 8));
    await settle();
    expect(state.data.value?.spend_control_id).toBe('sc_2');
    expect(server.count('GET /spend_controls/sc_2')).toBe(1);
    scope.stop();
  });

  it('accepts a getter as the id and sends nothing while it is undefined', async () => {
    const { server, client, scope, run } = setup(() => json(200, spendControl('sc_3', 1)));
    const selected = ref<string>();
    const state = run(() => useSpendControl(() => selected.value, { client }));
    await settle();
    expect(server.calls).toHaveLength(0);
    expect(state.data.value).toBeUndefined();
    await state.refetch();
    expect(server.calls).toHaveLength(0);

    selected.value = 'sc_3';
    await settle();
    expect(server.count('GET /spend_controls/sc_3')).toBe(1);
    expect(state.data.value?.version).toBe(1);
    scope.stop();
  });

  it('reads a historical version that newer latest versions never replace', async () => {
    const { server, client, scope, run } = setup((call) =>
      json(200, spendControl('sc_1', Number(new URLSearchParams(call.search).get('version')))),
    );
    const state = run(() => useSpendControl('sc_1', { client, version: 2 }));
    let updates = 0;
    run(() => watch(state.data, () => updates++, { flush: 'sync' }));
    await settle();
    expect(server.calls[0]?.search).toBe('?version=2');
    expect(state.data.value?.version).toBe(2);
    expect(client.store.get('spend_control', 'sc_1')).toBeUndefined();

    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 6));
    expect(updates).toBe(1);
    expect(state.data.value?.version).toBe(2);
    scope.stop();
  });

  it('reports a failed read in error and status, and refetch recovers', async () => {
    let fail = true;
    const { server, client, scope, run } = setup(() =>
      fail
        ? json(404, { message: 'no such spend control', type: 'NotFound', trace_id: 'tr_1' })
        : json(200, spendControl('sc_9', 1)),
    );
    const state = run(() => useSpendControl('sc_9', { client }));
    await settle();
    expect(state.status.value).toBe('error');
    expect(state.error.value).toBeInstanceOf(ApiError);
    expect(state.isFetching.value).toBe(false);

    fail = false;
    const done = state.refetch();
    expect(state.isFetching.value).toBe(true);
    await settle();
    await done;
    expect(state.status.value).toBe('success');
    expect(state.error.value).toBeUndefined();
    expect(server.calls).toHaveLength(2);
    scope.stop();
  });

  it('passes maxAgeMs to the client, which then serves a fresh copy without a request', async () => {
    const { server, client, scope, run } = setup(() => json(200, spendControl('sc_1', 1)));
    run(() => useSpendControl('sc_1', { client }));
    await settle();
    const again = run(() => useSpendControl('sc_1', { client, maxAgeMs: 60_000 }));
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(again.data.value?.version).toBe(1);
    scope.stop();
  });

  it('starts with isFetching false and sends nothing when the held copy is fresh', async () => {
    const { server, client, run } = setup(() => json(200, spendControl('sc_1', 1)));
    run(() => useSpendControl('sc_1', { client }));
    await settle();
    const seen: boolean[] = [];
    const again = run(() => useSpendControl('sc_1', { client, maxAgeMs: 60_000 }));
    run(() => watch(again.isFetching, (value) => seen.push(value), { immediate: true, flush: 'sync' }));
    expect(again.status.value).toBe('success');
    await settle();
    expect(seen).toEqual([false]);
    expect(server.calls).toHaveLength(1);
  });

  it('stays at the version it held when the scope stopped, though it was never read since', async () => {
    const { client, scope, run } = setup(() => json(200, spendControl('sc_1', 2)));
    const state = run(() => useSpendControl('sc_1', { client }));
    await settle();
    expect(state.data.value?.version).toBe(2);
    // Notified, not read: the refs learn of version 3 only when read.
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 3));
    scope.stop();
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 4));
    expect(state.data.value?.version).toBe(3);
  });

  it('aborts its request and stops following the store when the scope stops', async () => {
    const { server, client, scope, run } = setup(() => held().promise);
    const state = run(() => useSpendControl('sc_1', { client }));
    await settle();
    scope.stop();
    await Promise.resolve(); // the last leaver aborts a microtask later (a remount in between keeps the read)
    expect(server.aborted()).toBe(1);
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 3));
    expect(state.data.value).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
