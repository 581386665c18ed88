import {
  defineResource,
  GatewayError,
  getClientEvents,
  type ListObserver,
  observeList,
  RequestValidationError,
  z,
} from '@vstore/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, TOKEN } from './support';

// Lists over real HTTP against @vstore/service: pages, filters, membership and the version gate.

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const input = (name: string, status: 'active' | 'paused' = 'active') => ({
  name,
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly' as const,
  account_id: 'acc_1',
  status,
});

/** Resolves once `done` holds for the observer's result, checked on every notification; bounded. */
function until<T>(
  observer: ListObserver<T>,
  done: (result: ReturnType<ListObserver<T>['getResult']>) => boolean,
) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`list never reached the state: ${JSON.stringify(observer.getResult())}`));
    }, 5000);
    const check = () => {
      if (!done(observer.getResult())) return;
      clearTimeout(timer);
      queueMicrotask(() => off());
      resolve();
    };
    const off = observer.subscribe(check);
    check();
  });
}

/** Every item of a list, page after page, as `list()` gives them; bounded. */
async function walk<T>(read: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>) {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const answer = await read(cursor);
    items.push(...answer.items);
    if (answer.nextCursor === undefined) return items;
    cursor = answer.nextCursor;
  }
  throw new Error('still a next page after 100');
}

describe('lists over HTTP', () => {
  it('walks every page once while another client creates and edits, each item at its newest version', async () => {
    harness = await startHarness({ rateLimit: false });
    const reader = harness.client();
    const writer = harness.client();
    for (let i = 0; i < 12; i++) await writer.spendControls.create(input(`seed ${i}`));
    const ids: string[] = [];
    let cursor: string | undefined;
    let page = 0;
    for (;;) {
      const answer = await reader.spendControls.list({ account_id: 'acc_1' }, { cursor, limit: 4 });
      ids.push(...answer.items.map((item) => item.spend_control_id));
      // Between pages, another writer creates one and edits one already read.
      await writer.spendControls.create(input(`during ${page}`));
      await writer.spendControls.update(ids[0] as string, { name: `edited ${page}` });
      await reader.spendControls.get(ids[0] as string);
      page++;
      if (answer.nextCursor === undefined || page > 20) break;
      cursor = answer.nextCursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Every control that existed when the walk began was returned.
    for (const id of ['sc_1', 'sc_2', 'sc_3']) expect(ids).toContain(id);
    const latest = await reader.spendControls.get(ids[0] as string);
    expect(reader.store.get('spend_control', ids[0] as string)).toBe(latest);
    expect(latest.name).toMatch(/^edited /);
  });

  it('never lets a late page bring back an older copy (TanStack/query#3579)', async () => {
    harness = await startHarness({ rateLimit: false });
    let hold: Promise<void> | undefined;
    let release = () => {};
    let served = () => {};
    const client = harness.client({
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        // The list page is read by the service now, but its answer reaches the client later.
        if (String(url).includes('/spend_controls?') && hold) {
          served();
          await hold;
        }
        return response;
      },
    });
    const list = observeList(client.spendControls, { account_id: 'acc_1' });
    await until(list, (r) => r.status === 'success');
    const before = list.getResult().data.find((row) => row.spend_control_id === 'sc_1');
    const pageServed = new Promise<void>((resolve) => (served = resolve));
    hold = new Promise((resolve) => (release = resolve));
    const refetch = list.refetch();
    // Answered by the service before the edit (waited for, not slept on), the page carries sc_1 at
    // its old version.
    await pageServed;
    const edited = await client.spendControls.update('sc_1', { name: 'Edited meanwhile' });
    release();
    await refetch;
    const row = list.getResult().data.find((item) => item.spend_control_id === 'sc_1');
    expect(row?.version).toBe(edited.version);
    expect(row?.name).toBe('Edited meanwhile');
    expect(row).toBe(client.store.get('spend_control', 'sc_1'));
    expect(before?.version).toBeLessThan(edited.version);
  });

  it('filters by status; a row that stops matching leaves at once, a created match joins at the end', async () => {
    harness = await startHarness({ rateLimit: false });
    const client = harness.client();
    const list = observeList(client.spendControls, { account_id: 'acc_1', status: 'active' });
    await until(list, (r) => r.status === 'success' && !r.isFetching);
    const first = list.getResult().data.map((row) => row.spend_control_id);
    expect(first.length).toBeGreaterThan(0);
    expect(list.getResult().data.every((row) => row.status === 'active')).toBe(true);
    const off = list.subscribe(() => {});
    await client.spendControls.update(first[0] as string, { status: 'paused' });
    expect(list.getResult().data.map((row) => row.spend_control_id)).not.toContain(first[0]);
    const made = await client.spendControls.create(input('New and active'));
    await until(list, (r) => r.data.at(-1)?.spend_control_id === made.spend_control_id);
    // A paused create does not match, and no list read it: nothing was asked of the service. Reads
    // are counted as they start; a later round trip lets anything the create set off start first.
    const listReads = () => harness!.issued.filter((s) => s.startsWith('GET /spend_controls?')).length;
    const reads = listReads();
    const paused = await client.spendControls.create(input('Paused', 'paused'));
    await client.spendControls.get(paused.spend_control_id);
    expect(listReads()).toBe(reads);
    expect(list.getResult().data.map((row) => row.spend_control_id)).not.toContain(paused.spend_control_id);
    off();
  });

  it("joins another client's create that matches, as its created event arrives", async () => {
    harness = await startHarness({ rateLimit: false });
    const reader = harness.client();
    const writer = harness.client();
    const events = getClientEvents(reader);
    const disconnect = events.connect('/events');
    try {
      const list = observeList(reader.spendControls, { account_id: 'acc_1' });
      const off = list.subscribe(() => {});
      await until(list, (r) => r.status === 'success' && !r.isFetching);
      await new Promise<void>((resolve) => {
        const sub = events.connectionState$.subscribe((state) => {
          if (state === 'open') {
            queueMicrotask(() => sub.unsubscribe());
            resolve();
          }
        });
      });
      const made = await writer.spendControls.create(input('From elsewhere'));
      await until(list, (r) => r.data.at(-1)?.spend_control_id === made.spend_control_id);
      // The event brought it: the reader read no page for it.
      expect(harness.sent.filter((s) => s.url.startsWith('/spend_controls?'))).toHaveLength(1);
      off();
    } finally {
      disconnect();
    }
  });

  it('pages with fetchNextPage, each id once, until there is no next page', async () => {
    harness = await startHarness({ rateLimit: false });
    const client = harness.client();
    for (let i = 0; i < 7; i++) await client.spendControls.create(input(`c${i}`));
    const list = observeList(client.spendControls, { account_id: 'acc_1' }, { pageSize: 4 });
    const off = list.subscribe(() => {});
    await until(list, (r) => r.status === 'success');
    expect(list.getResult()).toMatchObject({ hasNextPage: true });
    expect(list.getResult().data).toHaveLength(4);
    await list.fetchNextPage();
    await list.fetchNextPage();
    const result = list.getResult();
    expect(result.hasNextPage).toBe(false);
    const ids = result.data.map((row) => row.spend_control_id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    // Every page asked for four items, the observer's page size.
    expect(
      harness.sent
        .filter((s) => s.url.startsWith('/spend_controls?'))
        .every((s) => s.url.includes('limit=4')),
    ).toBe(true);
    off();
  });

  it('walks the accounts list the same way, and a declared collection', async () => {
    harness = await startHarness({
      rateLimit: false,
      resources: {
        invoices: {
          type: 'invoice',
          idKey: 'invoice_id',
          updatable: ['status'],
          list: { filters: [{ field: 'status', values: ['draft', 'sent'] }] },
          seed: [
            { invoice_id: 'inv_1', status: 'draft', total: 10 },
            { invoice_id: 'inv_2', status: 'sent', total: 20 },
            { invoice_id: 'inv_3', status: 'draft', total: 30 },
          ],
        },
      },
    });
    const client = harness.client();
    const accounts = await walk((cursor) => client.accounts.list({ status: 'active' }, { cursor, limit: 1 }));
    expect(accounts.map((a) => a.account_id)).toEqual(['acc_1', 'acc_2']);
    const invoices = client.resource(
      defineResource({
        type: 'invoice',
        idKey: 'invoice_id',
        path: '/invoices',
        schema: z.looseObject({ invoice_id: z.string(), version: z.number(), status: z.string() }),
        list: { filters: ['status'] },
      }),
    );
    const list = observeList(invoices, { status: 'draft' }, { pageSize: 1 });
    const off = list.subscribe(() => {});
    await until(list, (r) => r.status === 'success');
    await list.fetchNextPage();
    expect(list.getResult().data.map((row) => row.invoice_id)).toEqual(['inv_1', 'inv_3']);
    off();
  });

  it('refuses a filter the collection does not declare before any request, and shows a 400 in the result', async () => {
    harness = await startHarness({ rateLimit: false });
    const client = harness.client();
    expect(() => observeList(client.spendControls, { colour: 'red' })).toThrow(TypeError);
    await expect(client.spendControls.list({ colour: 'red' })).rejects.toThrow(/filter by account_id/);
    expect(harness.sent).toHaveLength(0);
    const list = observeList(client.spendControls, { status: 'deleted' });
    await until(list, (r) => r.status === 'error');
    expect(list.getResult().error).toBeInstanceOf(RequestValidationError);
    expect(list.getResult().data).toEqual([]);
  });

  it('answers a refused token with GatewayError and waits out a 429', async () => {
    harness = await startHarness({ rateLimit: { capacity: 1, refillPerSecond: 20 } });
    const refused = harness.client({ getToken: () => 'not-a-token' });
    await expect(refused.spendControls.list()).rejects.toBeInstanceOf(GatewayError);
    const client = harness.client({ getToken: () => TOKEN });
    const pages = await Promise.all([
      client.spendControls.list(),
      client.spendControls.list({ status: 'paused' }),
    ]);
    expect(pages.every((page) => Array.isArray(page.items))).toBe(true);
    expect(harness.sent.some((s) => s.status === 429)).toBe(true);
  });

  it('drops a removed entity from the rows at once', async () => {
    harness = await startHarness({ rateLimit: false });
    const client = harness.client();
    const list = observeList(client.spendControls, { account_id: 'acc_1' });
    const off = list.subscribe(() => {});
    await until(list, (r) => r.status === 'success');
    client.store.remove('spend_control', 'sc_2', 'event');
    expect(list.getResult().data.map((row) => row.spend_control_id)).not.toContain('sc_2');
    off();
  });
});
