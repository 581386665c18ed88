// @vitest-environment happy-dom
// Found by review 36 (failed before its fix): useList's fetchNextPage and refetch were the observer's of
// the params the hook was rendered with, so they changed identity with the params (the lists guide says
// they keep it) and one captured before a change paged a list nobody showed; Vue's act on the list shown now.
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSpendControls } from '../useSpendControls';
import { VStoreProvider } from '../vstoreProvider';
import { control, listClient } from './listClient';

afterEach(cleanup);

type Result = ReturnType<typeof useSpendControls>;

function Table({ status, seen }: { status: 'active' | 'paused'; seen: Result[] }) {
  seen.push(useSpendControls({ account_id: 'acc_1', status }, { pageSize: 2 }));
  return null;
}

describe('useList’s fetchNextPage across a params change', () => {
  it('keeps its identity and pages the list the hook shows now, as the Vue composable does', async () => {
    const fake = listClient([
      control('sc_1', 1),
      control('sc_2', 1, { status: 'paused' }),
      control('sc_3', 1),
      control('sc_4', 1, { status: 'paused' }),
      control('sc_5', 1),
      control('sc_6', 1, { status: 'paused' }),
    ]);
    const seen: Result[] = [];
    const tree = (status: 'active' | 'paused') => (
      <VStoreProvider client={fake.client}>
        <Table status={status} seen={seen} />
      </VStoreProvider>
    );
    const view = render(tree('active'));
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ status: 'success', hasNextPage: true }));
    // Captured once, as an effect with [] deps or an IntersectionObserver set up at mount would.
    const { fetchNextPage } = seen.at(-1) as Result;

    view.rerender(tree('paused'));
    await waitFor(() => expect(seen.at(-1)?.data.map((r) => r.spend_control_id)).toEqual(['sc_2', 'sc_4']));
    expect(seen.at(-1)?.hasNextPage).toBe(true);
    await act(() => fetchNextPage());
    await act(async () => {});

    const shown = seen.at(-1);
    expect({
      sameFunction: shown?.fetchNextPage === fetchNextPage,
      lastRequest: Object.fromEntries(fake.calls.at(-1)?.search ?? []),
      rows: shown?.data.map((r) => r.spend_control_id),
    }).toEqual({
      sameFunction: true,
      lastRequest: { account_id: 'acc_1', status: 'paused', limit: '2', cursor: '2' },
      rows: ['sc_2', 'sc_4', 'sc_6'],
    });
  });
});
