// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { SpendControl } from '@vstore/core';
import { memo, StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAccounts } from '../useAccounts';
import { useList } from '../useList';
import { useSpendControls } from '../useSpendControls';
import { useVStoreClient, VStoreProvider } from '../vstoreProvider';
import { control, listClient } from './listClient';

afterEach(cleanup);

type Result = ReturnType<typeof useSpendControls>;

const seed = () => [
  control('sc_1', 1),
  control('sc_2', 1, { status: 'paused' }),
  control('sc_3', 1),
  control('sc_4', 1, { account_id: 'acc_2' }),
  control('sc_5', 1),
];

/** One row of the table: memoized on its item, so it renders again only for a new object. */
const Row = memo(function Row({ row, renders }: { row: SpendControl; renders: string[] }) {
  renders.push(row.spend_control_id);
  return (
    <li>
      {row.name}@{row.version}
    </li>
  );
});

interface TableProps {
  params: Record<string, string>;
  seen: Result[];
  rowRenders?: string[];
  pageSize?: number;
}

function Table({ params, seen, rowRenders = [], pageSize }: TableProps) {
  const result = useSpendControls(params, pageSize === undefined ? {} : { pageSize });
  seen.push(result);
  return (
    <ul>
      {result.data.map((row) => (
        <Row key={row.spend_control_id} row={row} renders={rowRenders} />
      ))}
    </ul>
  );
}

function mount(props: Omit<TableProps, 'seen'> & { strict?: boolean }) {
  const fake = listClient(seed());
  const seen: Result[] = [];
  const { strict, ...table } = props;
  const tree = (p: Omit<TableProps, 'seen'>) => (
    <VStoreProvider client={fake.client}>
      <Table {...p} seen={seen} />
    </VStoreProvider>
  );
  const view = render(strict ? <StrictMode>{tree(table)}</StrictMode> : tree(table));
  const rerender = (p: Omit<TableProps, 'seen'>) => view.rerender(tree(p));
  return { ...fake, seen, view, rerender };
}

const ids = (result: Result | undefined) => result?.data.map((row) => row.spend_control_id);

describe('useSpendControls', () => {
  it('reads the first page: pending with no rows, then the store’s own objects', async () => {
    const { seen, client, calls } = mount({ params: { account_id: 'acc_1' } });
    // The read starts when the component subscribes, after this first render.
    expect(seen[0]).toMatchObject({ status: 'pending', data: [], hasNextPage: false });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ status: 'success', isFetching: false }));
    expect(ids(seen.at(-1))).toEqual(['sc_1', 'sc_2', 'sc_3', 'sc_5']);
    expect(seen.at(-1)?.data[0]).toBe(client.store.get('spend_control', 'sc_1'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.search.get('account_id')).toBe('acc_1');
  });

  it('renders the list once and one row once for a row’s newer version; stale and duplicate render nothing', async () => {
    const rowRenders: string[] = [];
    const { seen, client } = mount({ params: { account_id: 'acc_1' }, rowRenders });
    await waitFor(() => expect(seen.at(-1)?.isFetching).toBe(false));
    const base = seen.length;
    rowRenders.length = 0;
    act(() => void client.store.apply('spend_control', 'sc_3', control('sc_3', 1))); // duplicate
    act(() => void client.store.apply('spend_control', 'sc_9', control('sc_9', 1, { account_id: 'acc_2' })));
    expect(seen).toHaveLength(base);
    act(() => void client.store.apply('spend_control', 'sc_3', control('sc_3', 2, { name: 'Edited' })));
    expect(seen).toHaveLength(base + 1);
    expect(rowRenders).toEqual(['sc_3']);
    expect(seen.at(-1)?.data[2]).toMatchObject({ name: 'Edited', version: 2 });
    // The other rows are the same objects, so the rendered result kept them.
    expect(seen.at(-1)?.data[0]).toBe(seen[base - 1]?.data[0]);
    act(() => void client.store.apply('spend_control', 'sc_3', control('sc_3', 1))); // stale
    expect(seen).toHaveLength(base + 1);
    expect(rowRenders).toEqual(['sc_3']);
  });

  it('drops a row that stops matching, and one that is removed, at once', async () => {
    const { seen, client } = mount({ params: { account_id: 'acc_1', status: 'active' } });
    await waitFor(() => expect(ids(seen.at(-1))).toEqual(['sc_1', 'sc_3', 'sc_5']));
    act(() => void client.store.apply('spend_control', 'sc_3', control('sc_3', 2, { status: 'paused' })));
    expect(ids(seen.at(-1))).toEqual(['sc_1', 'sc_5']);
    act(() => client.store.remove('spend_control', 'sc_1'));
    expect(ids(seen.at(-1))).toEqual(['sc_5']);
  });

  it('pages with fetchNextPage, which keeps its identity, as refetch does', async () => {
    const { seen, calls, hold } = mount({ params: { account_id: 'acc_1' }, pageSize: 2 });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ status: 'success', isFetching: false }));
    const first = seen.at(-1) as Result;
    expect(ids(first)).toEqual(['sc_1', 'sc_2']);
    expect(first.hasNextPage).toBe(true);
    const release = hold();
    let next: Promise<void> | undefined;
    act(() => {
      next = first.fetchNextPage();
    });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ isFetchingNextPage: true, isFetching: true }));
    expect(ids(seen.at(-1))).toEqual(['sc_1', 'sc_2']);
    release();
    await act(() => next);
    expect(ids(seen.at(-1))).toEqual(['sc_1', 'sc_2', 'sc_3', 'sc_5']);
    expect(seen.at(-1)?.hasNextPage).toBe(false);
    expect(calls.map((c) => c.search.get('cursor'))).toEqual([null, '2']);
    for (const result of seen) {
      expect(result.fetchNextPage).toBe(first.fetchNextPage);
      expect(result.refetch).toBe(first.refetch);
    }
    await act(() => first.refetch());
    // Both loaded pages read again, from the first.
    expect(calls.map((c) => c.search.get('cursor'))).toEqual([null, '2', null, '2']);
  });

  it('compares params by value: an equal literal reads nothing, a change reads the new list', async () => {
    const { seen, calls, rerender } = mount({ params: { account_id: 'acc_1' } });
    await waitFor(() => expect(seen.at(-1)?.isFetching).toBe(false));
    rerender({ params: { account_id: 'acc_1' } });
    await act(async () => {});
    expect(calls).toHaveLength(1);
    rerender({ params: { account_id: 'acc_1', status: 'paused' } });
    await waitFor(() => expect(ids(seen.at(-1))).toEqual(['sc_2']));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.search.get('status')).toBe('paused');
    // Back to the first list: another observer of it, which reads it again (the client's maxAgeMs is 0).
    rerender({ params: { account_id: 'acc_1' } });
    await waitFor(() => expect(ids(seen.at(-1))).toEqual(['sc_1', 'sc_2', 'sc_3', 'sc_5']));
  });

  it('sends one request under StrictMode', async () => {
    const { seen, calls } = mount({ params: { account_id: 'acc_1' }, strict: true });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ status: 'success', isFetching: false }));
    expect(calls).toHaveLength(1);
  });

  it('aborts the read in flight when the last component reading the list unmounts', async () => {
    const fake = listClient(seed());
    const release = fake.hold();
    const seen: Result[] = [];
    const view = render(
      <VStoreProvider client={fake.client}>
        <Table params={{ account_id: 'acc_1' }} seen={seen} />
      </VStoreProvider>,
    );
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]?.signal?.aborted).toBe(false);
    view.unmount();
    await act(async () => {});
    expect(fake.calls[0]?.signal?.aborted).toBe(true);
    release();
  });

  it('aborts the old list’s read when the params change', async () => {
    const fake = listClient(seed());
    const release = fake.hold();
    const seen: Result[] = [];
    const tree = (status: string) => (
      <VStoreProvider client={fake.client}>
        <Table params={{ account_id: 'acc_1', status }} seen={seen} />
      </VStoreProvider>
    );
    const view = render(tree('active'));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    view.rerender(tree('paused'));
    await waitFor(() => expect(ids(seen.at(-1))).toEqual(['sc_2']));
    expect(fake.calls[0]?.signal?.aborted).toBe(true);
    expect(seen.at(-1)?.error).toBeUndefined();
    release();
  });
});

function Accounts({ seen }: { seen: ReturnType<typeof useAccounts>[] }) {
  seen.push(useAccounts({ status: 'open' }));
  return null;
}

function Both({ generic, named }: Record<'generic' | 'named', (readonly SpendControl[])[]>) {
  generic.push(useList(useVStoreClient().spendControls, { account_id: 'acc_2' }).data);
  named.push(useSpendControls({ account_id: 'acc_2' }).data);
  return null;
}

describe('useList and useAccounts', () => {
  it('lists any listable resource, accounts by status', async () => {
    const fake = listClient([]);
    const seen: ReturnType<typeof useAccounts>[] = [];
    render(
      <VStoreProvider client={fake.client}>
        <Accounts seen={seen} />
      </VStoreProvider>,
    );
    await waitFor(() => expect(seen.at(-1)?.status).toBe('success'));
    expect(seen.at(-1)?.data).toEqual([]);
    expect(fake.calls[0]?.search.get('status')).toBe('open');
  });

  it('is the same read as useSpendControls for client.spendControls', async () => {
    const fake = listClient(seed());
    const generic: (readonly SpendControl[])[] = [];
    const named: (readonly SpendControl[])[] = [];
    render(
      <VStoreProvider client={fake.client}>
        <Both generic={generic} named={named} />
      </VStoreProvider>,
    );
    await waitFor(() => expect(generic.at(-1)).toHaveLength(1));
    // Two observers of one list: one read, and each row the store's own object in both.
    expect(generic.at(-1)?.[0]).toBe(named.at(-1)?.[0]);
    expect(generic.at(-1)?.[0]).toBe(fake.client.store.get('spend_control', 'sc_4'));
    expect(fake.calls).toHaveLength(1);
  });
});
