import type { Account } from '@vstore/core';
import { describe, expect, it, vi } from 'vitest';
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
    const state = scope.run(() =>
      useResource<Account, [string]>(['acc_1'], {
        read: ([id]) => client.store.get<Account>('account', id),
        subscribe: ([id], changed) => client.store.subscribe('account', id, changed),
        fetch: ([id], signal) => client.accounts.get(id, { signal }),
      }),
    )!;
    let updates = 0;
    scope.run(() => watch(state.data, () => updates++, { flush: 'sync' }));
    await settle();
    expect(state.data.value?.name).toBe('Account acc_1');
    client.store.apply('account', 'acc_1', account('acc_1', 1));
    expect(updates).toBe(1);
    client.store.remove('account', 'acc_1');
    expect(state.data.value).toBeUndefined();
    expect(updates).toBe(2);
    scope.stop();
  });

  it('refetches on a change when the source has no cached read, and follows every input', async () => {
    let n = 0;
    const fetch = vi.fn(async (key: readonly [string, number], signal: AbortSignal) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (signal.aborted) throw signal.reason;
      return `${key[0]}#${key[1]}:${++n}`;
    });
    let notify = () => {};
    const scope = effectScope();
    const page = ref(1);
    const state = scope.run(() =>
      useResource<string, [string, number]>(['feed', page], {
        subscribe: (_, changed) => {
          notify = changed;
          return () => {
            notify = () => {};
          };
        },
        fetch,
      }),
    )!;
    await vi.advanceTimersByTimeAsync(10);
    expect(state.data.value).toBe('feed#1:1');
    notify();
    await vi.advanceTimersByTimeAsync(10);
    expect(state.data.value).toBe('feed#1:2');

    page.value = 2;
    await nextTick();
    expect(state.data.value).toBeUndefined();
    expect(state.isFetching.value).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(state.data.value).toBe('feed#2:3');
    expect(fetch).toHaveBeenCalledTimes(3);
    scope.stop();
    notify();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('keeps only the latest of overlapping loads', async () => {
    const first = held();
    let calls = 0;
    const server = scriptedFetch(() => (++calls === 1 ? first.promise : json(200, account('acc_2', 2))));
    const client = server.client();
    const scope = effectScope();
    const state = scope.run(() =>
      useResource<Account, [string]>(['acc_2'], {
        fetch: ([id], signal) => client.accounts.get(id, { signal }),
      }),
    )!;
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
