import { createClient, observeList, type SpendControl } from '@vstore/core';
import { memoryStorage, persistStore } from '@vstore/core/offline';
import { describe, expect, it, vi } from 'vitest';
import { persistLists } from '../persistLists';

const control = (id: string): SpendControl =>
  ({
    spend_control_id: id,
    version: 1,
    version_time: '2026-01-01T00:00:00Z',
    name: `Control ${id}`,
    status: 'active',
    limit: { amount: 100, currency: 'USD' },
    interval: 'monthly',
    account_id: 'acc_1',
  }) as SpendControl;

/** A client over a service listing sc_1..sc_3 on one page; every request is counted. */
function page() {
  const fetch = vi.fn(async (_input: RequestInfo | URL) =>
    Response.json({ data: ['sc_1', 'sc_2', 'sc_3'].map(control) }),
  );
  const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 't', fetch });
  return { client, fetch };
}

const rows = (client: ReturnType<typeof page>['client']) =>
  observeList(client.spendControls, { account_id: 'acc_1' })
    .getResult()
    .data.map((row) => row.spend_control_id);

describe('persistLists', () => {
  it("keeps a list's loaded pages beside persistStore's entities, so the next page shows them unread", async () => {
    const storage = memoryStorage();
    const first = page();
    const stopReads = await persistStore(first.client, { storage, throttleMs: 0 });
    const stopLists = await persistLists(first.client, storage, 0);
    const list = observeList(first.client.spendControls, { account_id: 'acc_1' });
    const off = list.subscribe(() => {});
    await vi.waitFor(() => expect(list.getResult().status).toBe('success'));
    off();
    await vi.waitFor(async () => expect(await storage.get('dashboard:lists')).toHaveLength(1));
    stopLists();
    await stopReads();

    // A reload: a new client over the same storage, before anything is read.
    const second = page();
    await persistStore(second.client, { storage });
    await persistLists(second.client, storage);
    expect(rows(second.client)).toEqual(['sc_1', 'sc_2', 'sc_3']);
    expect(second.fetch).not.toHaveBeenCalled();
  });

  it('saves no freshness, failure or later page, and drops what it cannot read without failing the start', async () => {
    const storage = memoryStorage();
    await storage.set('dashboard:lists', [{ type: 'spend_control', id: 'x', read: 'list', pages: [[1]] }]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client } = page();
    await persistLists(client, storage);
    expect(warn).toHaveBeenCalledOnce();
    expect(await storage.get('dashboard:lists')).toBeUndefined();
    warn.mockRestore();

    const first = page();
    await persistStore(first.client, { storage, throttleMs: 0 });
    await persistLists(first.client, storage, 0);
    const list = observeList(first.client.spendControls, { account_id: 'acc_1' });
    const off = list.subscribe(() => {});
    await vi.waitFor(async () => expect(await storage.get('dashboard:lists')).toHaveLength(1));
    off();
    const [saved] = (await storage.get('dashboard:lists')) as Record<string, unknown>[];
    expect(saved).toMatchObject({ type: 'spend_control', read: 'list', pages: [['sc_1', 'sc_2', 'sc_3']] });
    expect(
      Object.keys(saved ?? {}).filter((key) => /^(confirmedAt|error|errorAt|nextCursor)$/.test(key)),
    ).toEqual([]);
    expect(saved?.settledAt).toEqual(expect.any(Number));
  });

  it('keeps the first page only: a reload starts from it, as a first visit does', async () => {
    const storage = memoryStorage();
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input)).searchParams.get('cursor') === 'c2'
        ? Response.json({ data: [control('sc_3')] })
        : Response.json({ data: [control('sc_1'), control('sc_2')], next_cursor: 'c2' }),
    );
    const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 't', fetch });
    await persistStore(client, { storage, throttleMs: 0 });
    await persistLists(client, storage, 0);
    const list = observeList(client.spendControls, { account_id: 'acc_1' });
    const off = list.subscribe(() => {});
    await vi.waitFor(() => expect(list.getResult().hasNextPage).toBe(true));
    const set = vi.spyOn(storage, 'set');
    const saves = () => set.mock.calls.filter(([key]) => key === 'dashboard:lists').length;
    await list.fetchNextPage();
    expect(list.getResult().data).toHaveLength(3);
    // Saved again once the second page is in: still the first page alone.
    await vi.waitFor(() => expect(saves()).toBeGreaterThan(0));
    const [saved] = (await storage.get('dashboard:lists')) as { pages: string[][] }[];
    expect(saved?.pages).toEqual([['sc_1', 'sc_2']]);
    off();

    const next = page();
    await persistStore(next.client, { storage });
    await persistLists(next.client, storage);
    expect(rows(next.client)).toEqual(['sc_1', 'sc_2']);
  });
});
