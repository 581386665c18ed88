// @vitest-environment happy-dom
import { dehydrate, hydrate, observeList, serializeSnapshot } from '@vstore/core';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSpendControls } from '../useSpendControls';
import { VStoreProvider } from '../vstoreProvider';
import { control, listClient } from './listClient';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const rows = () => [control('sc_1', 3, { name: 'Travel' }), control('sc_2', 1, { name: 'Meals' })];

function Table() {
  const { data, isFetching, hasNextPage } = useSpendControls({ account_id: 'acc_1' }, { maxAgeMs: 60_000 });
  return (
    <ul data-fetching={String(isFetching)} data-more={String(hasNextPage)}>
      {data.map((row) => (
        <li key={row.spend_control_id}>
          {row.name} v{row.version}
        </li>
      ))}
    </ul>
  );
}

describe('useSpendControls with server rendering', () => {
  it('renders a list loaded on the server, and hydrates it with the same markup and no read at mount', async () => {
    const server = listClient(rows());
    await observeList(server.client.spendControls, { account_id: 'acc_1' }).load();
    const html = renderToString(
      <VStoreProvider client={server.client}>
        <Table />
      </VStoreProvider>,
    );
    expect(html).toContain('<li>Travel<!-- --> v<!-- -->3</li><li>Meals<!-- --> v<!-- -->1</li>');
    expect(html).toContain('data-fetching="false"');
    expect(server.calls).toHaveLength(1);

    const browser = listClient(rows());
    hydrate(browser.client, JSON.parse(serializeSnapshot(dehydrate(server.client))));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(
        container,
        <VStoreProvider client={browser.client}>
          <Table />
        </VStoreProvider>,
        { onRecoverableError: recoverable },
      );
    });
    expect(container.innerHTML).toBe(html);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(browser.calls).toHaveLength(0);
    errors.mockRestore();
  });
});
