// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { SpendControl } from '@vstore/core';
import type { OutboxEntry } from '@vstore/core/offline';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxClient } from '../../../../test/support/outboxClient';
import { type OutboxResult, useOutbox } from '../useOutbox';
import { useResource } from '../useResource';
import { type UpdateResourceResult, useUpdateResource } from '../useUpdateResource';
import { VStoreProvider } from '../vstoreProvider';

type Fake = ReturnType<typeof outboxClient>;
const closing: Fake[] = [];
afterEach(async () => {
  cleanup();
  for (const fake of closing.splice(0)) await fake.outbox.close();
});

function setup() {
  const fake = outboxClient();
  closing.push(fake);
  return fake;
}

interface Seen {
  outbox: OutboxResult[];
  update: UpdateResourceResult<SpendControl, string>[];
  shown: (SpendControl | undefined)[];
}

/** What a page of an offline-capable app reads: the outbox, the writer, and the control itself. */
function Page({ fake, seen }: { fake: Fake; seen: Seen }) {
  seen.outbox.push(useOutbox(fake.outbox));
  seen.update.push(useUpdateResource(fake.client.spendControls, { outbox: fake.outbox }));
  seen.shown.push(useResource(fake.client.spendControls, 'sc_1').data);
  return null;
}

/** A writer without an outbox. */
function Writer({ fake, seen }: { fake: Fake; seen: UpdateResourceResult<SpendControl, string>[] }) {
  seen.push(useUpdateResource(fake.client.spendControls));
  return null;
}

/** A reader of no outbox at all. */
function Badge({ seen }: { seen: OutboxResult[] }) {
  seen.push(useOutbox(undefined));
  return null;
}

function mount(fake: Fake, strict = false) {
  const seen: Seen = { outbox: [], update: [], shown: [] };
  // A new element each time, so a rerender really renders the page again.
  const page = () => {
    const tree = (
      <VStoreProvider client={fake.client}>
        <Page fake={fake} seen={seen} />
      </VStoreProvider>
    );
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  };
  const view = render(page());
  return {
    seen,
    rerender: () => view.rerender(page()),
    last: () => ({ outbox: seen.outbox.at(-1)!, update: seen.update.at(-1)!, shown: seen.shown.at(-1) }),
  };
}

const ids = (entries: readonly OutboxEntry[]) => entries.map((e) => e.patch);

describe('useOutbox and useUpdateResource(resource, { outbox })', () => {
  it('reads an empty outbox as empty, and keeps every array while nothing changes', async () => {
    const fake = setup();
    const { seen, rerender, last } = mount(fake);
    await act(() => fake.outbox.ready);
    const first = last().outbox;
    expect(first).toEqual({ entries: [], pending: [], conflicts: [] });
    const renders = seen.outbox.length;
    rerender();
    expect(seen.outbox.length).toBeGreaterThan(renders);
    expect(last().outbox).toBe(first);
  });

  it('stores an offline write, shows it pending in every reader, and lands it once back online', async () => {
    const fake = setup();
    const { last } = mount(fake);
    await waitFor(() => expect(last().shown?.version).toBe(1));
    fake.offline();
    let landed: Promise<SpendControl | undefined> | undefined;
    act(() => {
      landed = last().update.mutate('sc_1', { status: 'paused' });
    });
    await waitFor(() => expect(last().outbox.pending).toHaveLength(1));
    const { outbox, update, shown } = last();
    expect(outbox.entries).toEqual(outbox.pending);
    expect(outbox.pending[0]).toMatchObject({
      kind: 'update',
      entityId: 'sc_1',
      patch: { status: 'paused' },
    });
    expect(outbox.conflicts).toEqual([]);
    expect(update.status).toBe('pending');
    // The outbox's view: the change shows over the held version, which is still v1 in the store.
    expect(shown).toMatchObject({ version: 1, status: 'paused' });
    expect(fake.client.store.get<SpendControl>('spend_control', 'sc_1')?.status).toBe('active');
    expect(fake.patches).toEqual([]);

    fake.online();
    expect(await landed).toMatchObject({ version: 2, status: 'paused' });
    await waitFor(() => expect(last().outbox.entries).toEqual([]));
    expect(last().update).toMatchObject({ status: 'success', data: { version: 2 } });
    expect(last().shown).toMatchObject({ version: 2, status: 'paused' });
    expect(fake.patches).toEqual([{ status: 'paused' }]);
  });

  it('keeps the order of two offline writes and lands both, each once', async () => {
    const fake = setup();
    const { last } = mount(fake, true);
    await waitFor(() => expect(last().shown?.version).toBe(1));
    fake.offline();
    act(() => {
      void last().update.mutate('sc_1', { name: 'Travel (one)' });
    });
    await waitFor(() => expect(last().outbox.pending).toHaveLength(1));
    act(() => {
      void last().update.edit('sc_1', (draft) => {
        draft.limit = { amount: 900, currency: 'USD' };
      });
    });
    await waitFor(() => expect(last().outbox.pending).toHaveLength(2));
    expect(ids(last().outbox.entries)).toEqual([
      { name: 'Travel (one)' },
      { limit: { amount: 900, currency: 'USD' } },
    ]);
    expect(last().shown).toMatchObject({ version: 1, name: 'Travel (one)', limit: { amount: 900 } });
    fake.online();
    await waitFor(() => expect(last().outbox.entries).toEqual([]));
    expect(fake.patches).toEqual([{ name: 'Travel (one)' }, { limit: { amount: 900, currency: 'USD' } }]);
    expect(last().shown).toMatchObject({ version: 3, name: 'Travel (one)', limit: { amount: 900 } });
  });

  it('lists a conflict found on reconnect apart from pending, and lets it go once resolved', async () => {
    const fake = setup();
    const { last } = mount(fake);
    await waitFor(() => expect(last().shown?.version).toBe(1));
    fake.offline();
    act(() => {
      void last().update.mutate('sc_1', { limit: { amount: 700, currency: 'USD' } });
    });
    await waitFor(() => expect(last().outbox.pending).toHaveLength(1));
    const pendingBefore = last().outbox.pending;
    // Meanwhile another writer sets the same field.
    fake.other({ limit: { amount: 650, currency: 'USD' } });
    fake.online();
    await waitFor(() => expect(last().outbox.conflicts).toHaveLength(1));
    const { outbox, update } = last();
    expect(outbox.pending).toEqual([]);
    expect(outbox.pending).not.toBe(pendingBefore);
    expect(outbox.conflicts[0]?.conflict).toMatchObject({
      fields: ['limit'],
      mine: { limit: { amount: 700 } },
      theirs: { version: 2, limit: { amount: 650 } },
    });
    expect(update.status).toBe('pending');
    expect(fake.patches).toEqual([]);

    await act(() => fake.outbox.resolve(outbox.conflicts[0]!.id, 'mine'));
    await waitFor(() => expect(last().outbox.entries).toEqual([]));
    expect(fake.patches).toEqual([{ limit: { amount: 700, currency: 'USD' } }]);
    expect(last().update).toMatchObject({ status: 'success', data: { version: 3 } });
  });

  it('keeps the identity of an array whose entries did not change when another one did', async () => {
    const fake = setup();
    const { last } = mount(fake);
    await waitFor(() => expect(last().shown?.version).toBe(1));
    fake.offline();
    act(() => {
      void last().update.mutate('sc_1', { name: 'x' });
    });
    await waitFor(() => expect(last().outbox.pending).toHaveLength(1));
    fake.other({ name: 'y' });
    fake.online();
    await waitFor(() => expect(last().outbox.conflicts).toHaveLength(1));
    const held = last().outbox;
    // A second write waits behind the conflict: entries and pending change, conflicts does not.
    act(() => {
      void last().update.mutate('sc_1', { status: 'paused' });
    });
    await waitFor(() => expect(last().outbox.pending).toHaveLength(1));
    expect(last().outbox.entries).toHaveLength(2);
    expect(last().outbox.entries).not.toBe(held.entries);
    expect(last().outbox.conflicts).toBe(held.conflicts);
    expect(fake.patches).toEqual([]);
  });

  it('sends straight to the service without an outbox, as before', async () => {
    const fake = setup();
    const seen: UpdateResourceResult<SpendControl, string>[] = [];
    render(
      <VStoreProvider client={fake.client}>
        <Writer fake={fake} seen={seen} />
      </VStoreProvider>,
    );
    await act(async () => {
      await seen.at(-1)!.mutate('sc_1', { name: 'Direct' });
    });
    expect(seen.at(-1)).toMatchObject({ status: 'success', data: { version: 2, name: 'Direct' } });
    expect(fake.outbox.entries).toEqual([]);
    expect(fake.patches).toEqual([{ name: 'Direct' }]);
  });

  it('reads undefined (no outbox, as on a server) as empty', () => {
    const seen: OutboxResult[] = [];
    render(<Badge seen={seen} />);
    expect(seen[0]).toEqual({ entries: [], pending: [], conflicts: [] });
  });
});
