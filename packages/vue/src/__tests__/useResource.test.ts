import { type Account, defineResource, z } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref, watch } from 'vue';
import { useResource } from '../useResource';
import { held, json, scriptedFetch, settle, withFakeTimers } from './scriptedFetch';

withFakeTimers();

const account = (id: string, version: number): Account =>
  Object.freeze({
    account_id: id,
    version,
    version_time: '2025-01-01T00:00:00Z',
    name: `Account ${id}`,
  }) as Account;

describe('useResource', () => {
  it('wires any resource client: store read, subscription and an abortable fetch', async () => {
    const server = scriptedFetch((call) => json(200, account(call.path.split('/')[2] ?? '', 1)));
    const client = server.client();
    const scope = effectScope();
    const state = scope.run(() => useResource(client.accounts, 'acc_1'))!;
    let updates = 0;
    scope.run(() => watch(state.data, () => updates++, { flush: 'sync' }));
    await settle();
    expect(state.data.value?.name).toBe('Account acc_1');
    expect(updates).toBe(1);
    client.store.apply('account', 'acc_1', account('acc_1', 1));
    expect(updates).toBe(1);
    client.store.apply('account', 'acc_1', account('acc_1', 2));
    expect(updates).toBe(2);
    client.store.remove('account', 'acc_1');
    expect(state.data.value).toBeUndefined();
    expect(updates).toBe(3);
    scope.stop();
  });

  it('reads a resource of your own without versions to success, and follows every input', async () => {
    const notes = defineResource({
      type: 'note',
      path: '/notes',
      idKey: 'note_id',
      schema: z.looseObject({ note_id: z.string(), text: z.string() }),
      versioned: false,
    });
    let n = 0;
    const server = scriptedFetch((call) => json(200, { note_id: call.path.split('/')[2], text: `#${++n}` }));
    const client = server.client();
    const scope = effectScope();
    const id = ref<string | undefined>('n_1');
    const state = scope.run(() => useResource(client.resource(notes), id))!;
    expect(state.isFetching.value).toBe(true);
    await settle();
    expect(state.status.value).toBe('success');
    expect(state.data.value).toMatchObject({ note_id: 'n_1', text: '#1' });

    id.value = 'n_2';
    await nextTick();
    expect(state.data.value).toBeUndefined();
    expect(state.isFetching.value).toBe(true);
    await settle();
    expect(state.data.value).toMatchObject({ note_id: 'n_2', text: '#2' });
    id.value = undefined;
    await nextTick();
    expect(state.status.value).toBe('pending');
    expect(server.calls).toHaveLength(2);
    scope.stop();
  });

  it('keeps only the latest of overlapping loads', async () => {
    const first = held();
    let calls = 0;
    const server = scriptedFetch(() => (++calls === 1 ? first.promise : json(200, account('acc_2', 2))));
    const client = server.client();
    const scope = effectScope();
    const state = scope.run(() => useResource(client.accounts, 'acc_2'))!;
    await settle();
    await state.refetch();
    expect(server.calls[0]?.signal?.aborted).toBe(true);
    first.resolve(json(200, account('acc_2', 1)));
    await settle();
    expect(state.data.value?.version).toBe(2);
    expect(state.status.value).toBe('success');
    expect(state.isFetching.value).toBe(false);
    scope.stop();
  });
});
