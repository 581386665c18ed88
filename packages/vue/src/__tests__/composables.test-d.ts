import type { Account, Client, SpendControl, VStoreError } from '@vstore/core';
import type { Outbox, OutboxEntry } from '@vstore/core/offline';
import { describe, expectTypeOf, it } from 'vitest';
import { type ComputedRef, ref } from 'vue';
import { useAccounts } from '../useAccounts';
import { type ListState, useList } from '../useList';
import { type OutboxState, useOutbox } from '../useOutbox';
import { useResource, useResourceHistory } from '../useResource';
import { useSpendControl } from '../useSpendControl';
import { useSpendControls } from '../useSpendControls';
import { useTask } from '../useTask';
import { useUpdateResource } from '../useUpdateResource';
import { useUpdateSpendControl } from '../useUpdateSpendControl';

declare const client: Client;
declare const outbox: Outbox;

describe('composable results', () => {
  it('have the React hooks shape, each field a readonly ref', () => {
    const state = useResource(client.spendControls, () => 'sc_1');
    expectTypeOf(state).toEqualTypeOf(useSpendControl('sc_1'));
    expectTypeOf(state.data).toEqualTypeOf<ComputedRef<SpendControl | undefined>>();
    expectTypeOf(state.error).toEqualTypeOf<ComputedRef<VStoreError | undefined>>();
    expectTypeOf(state.status).toEqualTypeOf<ComputedRef<'pending' | 'success' | 'error'>>();
    expectTypeOf(state.refetch).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(useResourceHistory(client.spendControls, 'sc_1').data).toEqualTypeOf<
      ComputedRef<SpendControl[] | undefined>
    >();
  });

  it('type mutate by the resource', () => {
    const update = useUpdateResource(client.spendControls);
    expectTypeOf(update.mutate('sc_1', { name: 'x' })).toEqualTypeOf<Promise<SpendControl | undefined>>();
    // @ts-expect-error version is not update-valid
    void update.mutate('sc_1', { version: 3 });
  });

  it('type lists by the resource, each field a ref, over params as a value, ref or getter', () => {
    const list = useList(client.spendControls, { account_id: 'acc_1' });
    expectTypeOf(list).toEqualTypeOf<ListState<SpendControl>>();
    expectTypeOf(list).toEqualTypeOf(useSpendControls(() => ({ account_id: 'acc_1', status: 'active' })));
    expectTypeOf(list.data).toEqualTypeOf<ComputedRef<readonly SpendControl[]>>();
    expectTypeOf(list.hasNextPage).toEqualTypeOf<ComputedRef<boolean>>();
    expectTypeOf(list.isFetchingNextPage).toEqualTypeOf<ComputedRef<boolean>>();
    expectTypeOf(list.error).toEqualTypeOf<ComputedRef<VStoreError | undefined>>();
    expectTypeOf(list.status).toEqualTypeOf<ComputedRef<'pending' | 'success' | 'error'>>();
    expectTypeOf(list.fetchNextPage).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(useAccounts(ref({ status: 'open' })).data).toEqualTypeOf<ComputedRef<readonly Account[]>>();
    useSpendControls(undefined, { client, pageSize: 50, maxAgeMs: 1000 });
    // @ts-expect-error a status a spend control never has
    useSpendControls({ status: 'closed' });
  });

  it('type the outbox composable as refs of entries, and writes sent through an outbox', () => {
    const state = useOutbox(outbox);
    expectTypeOf(state).toEqualTypeOf<OutboxState>();
    expectTypeOf(state.entries).toEqualTypeOf<ComputedRef<readonly OutboxEntry[]>>();
    expectTypeOf(state.pending).toEqualTypeOf<ComputedRef<readonly OutboxEntry[]>>();
    expectTypeOf(state.conflicts).toEqualTypeOf<ComputedRef<readonly OutboxEntry[]>>();
    useOutbox(ref<Outbox | undefined>());
    useOutbox(() => outbox);
    // @ts-expect-error an outbox has entries and subscribe
    useOutbox({ entries: [] });
    const update = useUpdateResource(client.spendControls, { outbox });
    expectTypeOf(update).toEqualTypeOf(useUpdateResource(client.spendControls));
    expectTypeOf(useUpdateSpendControl({ outbox, client })).toEqualTypeOf(useUpdateSpendControl());
    // @ts-expect-error an outbox writes with update(resource, id, patch)
    useUpdateResource(client.spendControls, { outbox: { entries: [] } });
  });
});

describe('useTask options', () => {
  it("take every option React's useTask takes (tasks.poll's), timeoutMs included", () => {
    const client = {} as Client;
    useTask('t_1', { client, timeoutMs: 5000 });
    // @ts-expect-error not an option of tasks.poll
    useTask('t_1', { pollEveryMs: 5 });
  });
});
