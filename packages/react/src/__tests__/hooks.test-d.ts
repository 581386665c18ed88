import type { Account, Client, SpendControl, VStoreError } from '@vstore/core';
import type { Outbox, OutboxEntry } from '@vstore/core/offline';
import { describe, expectTypeOf, it } from 'vitest';
import { useAccounts } from '../useAccounts';
import { type ListHookResult, useList } from '../useList';
import { type OutboxResult, useOutbox } from '../useOutbox';
import { useResource, useResourceHistory } from '../useResource';
import { useSpendControl } from '../useSpendControl';
import { useSpendControls } from '../useSpendControls';
import { useUpdateResource } from '../useUpdateResource';
import { useUpdateSpendControl } from '../useUpdateSpendControl';

declare const client: Client;
declare const outbox: Outbox;

describe('hook results', () => {
  it('narrow data by status and type error as VStoreError', () => {
    const result = useResource(client.spendControls, 'sc_1');
    expectTypeOf(result).toEqualTypeOf(useSpendControl('sc_1'));
    expectTypeOf(result.refetch).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(result.isFetching).toEqualTypeOf<boolean>();
    if (result.status === 'success') expectTypeOf(result.data).toEqualTypeOf<SpendControl>();
    else expectTypeOf(result.data).toEqualTypeOf<SpendControl | undefined>();
    expectTypeOf(result.error).toEqualTypeOf<VStoreError | undefined>();
    expectTypeOf(useResourceHistory(client.spendControls, 'sc_1').data).toEqualTypeOf<
      SpendControl[] | undefined
    >();
  });

  it('type mutate and edit by the resource', () => {
    const update = useUpdateResource(client.spendControls);
    expectTypeOf(update.mutate('sc_1', { name: 'x' })).toEqualTypeOf<Promise<SpendControl | undefined>>();
    // @ts-expect-error version is not update-valid
    void update.mutate('sc_1', { version: 3 });
    expectTypeOf(update.status).toEqualTypeOf<'idle' | 'pending' | 'success' | 'error'>();
  });

  it('type list rows by the resource, with paging functions and the list state', () => {
    const list = useList(client.spendControls, { account_id: 'acc_1' });
    expectTypeOf(list).toEqualTypeOf<ListHookResult<SpendControl>>();
    expectTypeOf(list).toEqualTypeOf(useSpendControls({ account_id: 'acc_1', status: 'active' }));
    expectTypeOf(list.data).toEqualTypeOf<readonly SpendControl[]>();
    expectTypeOf(list.fetchNextPage).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(list.refetch).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(list.hasNextPage).toEqualTypeOf<boolean>();
    expectTypeOf(list.isFetchingNextPage).toEqualTypeOf<boolean>();
    expectTypeOf(list.error).toEqualTypeOf<VStoreError | undefined>();
    expectTypeOf(list.status).toEqualTypeOf<'pending' | 'success' | 'error'>();
    expectTypeOf(useAccounts().data).toEqualTypeOf<readonly Account[]>();
    useList(client.spendControls, undefined, { pageSize: 50, maxAgeMs: 1000 });
    // @ts-expect-error a status a spend control never has
    useSpendControls({ status: 'closed' });
    // @ts-expect-error filter values are strings, numbers or booleans
    useSpendControls({ account_id: ['acc_1'] });
  });

  it('type the outbox hook and the writes sent through an outbox', () => {
    const result = useOutbox(outbox);
    expectTypeOf(result).toEqualTypeOf<OutboxResult>();
    expectTypeOf(result.entries).toEqualTypeOf<readonly OutboxEntry[]>();
    expectTypeOf(result.pending).toEqualTypeOf<readonly OutboxEntry[]>();
    expectTypeOf(result.conflicts).toEqualTypeOf<readonly OutboxEntry[]>();
    expectTypeOf(useOutbox(undefined)).toEqualTypeOf<OutboxResult>();
    // @ts-expect-error an outbox has entries and subscribe
    useOutbox({ entries: [] });
    const update = useUpdateResource(client.spendControls, { outbox });
    expectTypeOf(update).toEqualTypeOf(useUpdateResource(client.spendControls));
    expectTypeOf(update.mutate('sc_1', { status: 'paused' })).toEqualTypeOf<
      Promise<SpendControl | undefined>
    >();
    expectTypeOf(useUpdateSpendControl({ outbox })).toEqualTypeOf(useUpdateSpendControl());
    // @ts-expect-error an outbox writes with update(resource, id, patch)
    useUpdateResource(client.spendControls, { outbox: { entries: [] } });
  });
});
