// @vitest-environment happy-dom

import { act, cleanup, render } from '@testing-library/react';
import { createEntityStore } from '@vstore/core';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useEntity } from '../useEntity';
import { VStoreProvider } from '../vstoreProvider';
import { fakeClient, sc } from './testClient';

function Card({ id, seen }: { id: string; seen: unknown[] }) {
  const entity = useEntity('spend_control', id);
  seen.push(entity);
  return <span data-testid="v">{entity ? String(entity.version) : '-'}</span>;
}

function Bare() {
  useEntity('spend_control', 'sc_1');
  return null;
}

function setup(id = 'sc_1') {
  const { client, store } = fakeClient(createEntityStore());
  const seen: unknown[] = [];
  const view = render(
    <VStoreProvider client={client}>
      <Card id={id} seen={seen} />
    </VStoreProvider>,
  );
  return { store, seen, view };
}

afterEach(cleanup);

describe('useEntity', () => {
  it('renders once per newer version and never for stale, duplicate or other-key updates', () => {
    const { store, seen, view } = setup();
    expect(seen).toEqual([undefined]);
    act(() => void store.apply('spend_control', 'sc_1', sc(2)));
    expect(seen).toHaveLength(2);
    const held = seen[1];
    act(() => void store.apply('spend_control', 'sc_1', sc(1))); // stale
    act(() => void store.apply('spend_control', 'sc_1', sc(2))); // duplicate
    act(() => void store.apply('spend_control', 'sc_2', sc(9, 'other', 'sc_2'))); // other key
    act(() => void store.apply('account', 'sc_1', sc(9))); // same id, other type
    expect(seen).toHaveLength(2);
    for (const v of [3, 4, 5]) act(() => void store.apply('spend_control', 'sc_1', sc(v)));
    expect(seen).toHaveLength(5);
    expect(seen.map((e) => (e as { version: number } | undefined)?.version)).toEqual([undefined, 2, 3, 4, 5]);
    expect(seen[1]).toBe(held);
    expect(view.getByTestId('v').textContent).toBe('5');
  });

  it('hands out the store object itself, so identity tells whether anything changed', () => {
    const { store, seen } = setup();
    act(() => void store.apply('spend_control', 'sc_1', sc(3)));
    expect(seen.at(-1)).toBe(store.get('spend_control', 'sc_1'));
  });

  it('renders undefined after a remove and ignores later stale applies', () => {
    const { store, seen } = setup();
    act(() => void store.apply('spend_control', 'sc_1', sc(2)));
    act(() => store.remove('spend_control', 'sc_1'));
    expect(seen.at(-1)).toBeUndefined();
    const renders = seen.length;
    act(() => void store.apply('spend_control', 'sc_1', sc(3)));
    expect(seen).toHaveLength(renders);
  });

  it('unsubscribes on unmount', () => {
    const { store, seen, view } = setup();
    view.unmount();
    act(() => void store.apply('spend_control', 'sc_1', sc(2)));
    expect(seen).toHaveLength(1);
  });

  it('throws a plain message without a provider', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Bare />)).toThrow(/VStoreProvider/);
    } finally {
      console.error = quiet;
    }
  });

  it('renders on the server from the store (the server snapshot)', () => {
    const { client, store } = fakeClient(createEntityStore());
    store.apply('spend_control', 'sc_1', sc(4));
    const html = renderToString(
      <VStoreProvider client={client}>
        <Card id="sc_1" seen={[]} />
      </VStoreProvider>,
    );
    expect(html).toBe('<span data-testid="v">4</span>');
  });
});
