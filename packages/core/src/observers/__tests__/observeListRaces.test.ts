// Lists under interleavings an independent review found wrong: a create landing while a read of the
// list is in flight, a page asked for while the list is read again, a reply's own rows asking for a
// read, a create several lists match, and a removed entity in a page's items.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeList } from '../observeList';
import { control, manualService } from './manualService';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);
const ids = (rows: readonly { spend_control_id: string }[]) => rows.map((r) => r.spend_control_id);
const input = {
  name: 'new',
  limit: { amount: 1, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
} as never;
/** A spend control of acc_1 with `status`. */
const row = (id: string, status: string, version = 1) => ({ ...control(version, id), status });
const page = (names: string[], next_cursor?: string) => ({
  data: names.map((id) => control(1, id)),
  ...(next_cursor ? { next_cursor } : {}),
});

/** A list of acc_1 with its first page landed, and the service's requests. */
async function loadedList(first: ReturnType<typeof page>, pageSize?: number) {
  const service = manualService();
  const list = observeList(service.client.spendControls, { account_id: 'acc_1' }, { pageSize });
  const off = list.subscribe(() => {});
  await flush();
  service.open()[0]?.answer(200, first);
  await flush();
  return { ...service, list, off };
}

/** Creates sc_3 through the client, its POST answered at once. */
async function createSc3(service: ReturnType<typeof manualService>) {
  const created = service.client.spendControls.create(input);
  await flush();
  service
    .open()
    .find((h) => h.request.method === 'POST')
    ?.answer(201, control(1, 'sc_3'));
  await created;
}

const openGets = (service: ReturnType<typeof manualService>) =>
  service.open().filter((h) => h.request.method === 'GET');

describe('observeList: a create while the list is being read', () => {
  it('keeps a row created while a refetch was in flight, when the reply predates it', async () => {
    const service = await loadedList(page(['sc_1', 'sc_2']));
    const refetch = service.list.refetch();
    await flush();
    const [reading] = openGets(service);
    await createSc3(service);
    expect(ids(service.list.getResult().data)).toEqual(['sc_1', 'sc_2', 'sc_3']);
    reading?.answer(200, page(['sc_1', 'sc_2']));
    await refetch;
    expect(ids(service.list.getResult().data)).toEqual(['sc_1', 'sc_2', 'sc_3']);
    expect(openGets(service)).toHaveLength(0);
    service.off();
  });

  it('lets a refetch begun after a create decide: a joined row its pages lack leaves', async () => {
    const service = await loadedList(page(['sc_1', 'sc_2']));
    await createSc3(service);
    expect(ids(service.list.getResult().data)).toEqual(['sc_1', 'sc_2', 'sc_3']);
    const refetch = service.list.refetch();
    await flush();
    openGets(service)[0]?.answer(200, page(['sc_1', 'sc_2']));
    await refetch;
    expect(ids(service.list.getResult().data)).toEqual(['sc_1', 'sc_2']);
    service.off();
  });

  it('shows a row created while the first page was in flight at the end, with no other read', async () => {
    const service = manualService();
    const list = observeList(service.client.spendControls, { account_id: 'acc_1' });
    const off = list.subscribe(() => {});
    await flush();
    const [reading] = openGets(service);
    await createSc3(service);
    expect(list.getResult().data).toEqual([]);
    reading?.answer(200, page(['sc_1', 'sc_2']));
    await flush();
    expect(ids(list.getResult().data)).toEqual(['sc_1', 'sc_2', 'sc_3']);
    expect(openGets(service)).toHaveLength(0);
    off();
  });

  it('shows a row created while the last page was in flight once that page lands', async () => {
    const service = await loadedList(page(['sc_1'], 'c1'), 1);
    const next = service.list.fetchNextPage();
    await flush();
    const [reading] = openGets(service);
    await createSc3(service);
    // A next page is still to come: the created row waits for it.
    expect(ids(service.list.getResult().data)).toEqual(['sc_1']);
    reading?.answer(200, page(['sc_2']));
    await next;
    expect(service.list.getResult().hasNextPage).toBe(false);
    expect(ids(service.list.getResult().data)).toEqual(['sc_1', 'sc_2', 'sc_3']);
    expect(openGets(service)).toHaveLength(0);
    service.off();
  });

  it('shows a created row once, in its page, when a next page brings it', async () => {
    const service = await loadedList(page(['sc_1'], 'c1'), 1);
    await createSc3(service);
    expect(ids(service.list.getResult().data)).toEqual(['sc_1']);
    const next = service.list.fetchNextPage();
    await flush();
    openGets(service)[0]?.answer(200, page(['sc_3']));
    await next;
    expect(ids(service.list.getResult().data)).toEqual(['sc_1', 'sc_3']);
    service.off();
  });

  it('joins a created row at the end of every loaded list it matches, reading none again', async () => {
    const service = manualService();
    const byAccount = observeList(service.client.spendControls, { account_id: 'acc_1' });
    const active = observeList(service.client.spendControls, { status: 'active' });
    const offA = byAccount.subscribe(() => {});
    const offB = active.subscribe(() => {});
    await flush();
    for (const h of service.open()) h.answer(200, page(['sc_1', 'sc_2']));
    await flush();
    await createSc3(service);
    await flush();
    expect(ids(byAccount.getResult().data)).toEqual(['sc_1', 'sc_2', 'sc_3']);
    expect(ids(active.getResult().data)).toEqual(['sc_1', 'sc_2', 'sc_3']);
    expect(service.gets('/spend_controls').filter((h) => h.request.method === 'GET')).toHaveLength(2);
    offA();
    offB();
  });
});

describe('observeList: an entity created earlier', () => {
  it('that starts to match another list makes that list read its pages again, not join it', async () => {
    const service = manualService();
    const active = observeList(service.client.spendControls, { status: 'active' });
    const paused = observeList(service.client.spendControls, { status: 'paused' });
    const offActive = active.subscribe(() => {});
    const offPaused = paused.subscribe(() => {});
    await flush();
    for (const h of openGets(service)) {
      const status = new URL(h.request.url).searchParams.get('status');
      h.answer(200, { data: status === 'active' ? [row('sc_1', 'active')] : [row('sc_2', 'paused')] });
    }
    await flush();
    await createSc3(service);
    expect(ids(active.getResult().data)).toEqual(['sc_1', 'sc_3']);
    // Another writer pauses sc_3: it starts to match the paused list, where only the service knows
    // its place (creation order: before any entity created since).
    const read = service.client.spendControls.get('sc_3', { maxAgeMs: 0 });
    await flush();
    openGets(service)[0]?.answer(200, row('sc_3', 'paused', 2));
    await read;
    await flush();
    expect(ids(active.getResult().data)).toEqual(['sc_1']);
    const reads = openGets(service);
    expect(reads.map((h) => new URL(h.request.url).searchParams.get('status'))).toEqual(['paused']);
    reads[0]?.answer(200, { data: [row('sc_2', 'paused'), row('sc_3', 'paused', 2)] });
    await flush();
    expect(ids(paused.getResult().data)).toEqual(['sc_2', 'sc_3']);
    offActive();
    offPaused();
  });
});

describe('observeList: an entity created earlier, starting to match while the first page loads', () => {
  it('reads the page again once that read lands without it', async () => {
    const service = manualService();
    await createSc3(service);
    const paused = observeList(service.client.spendControls, { status: 'paused' });
    const off = paused.subscribe(() => {});
    await flush();
    const [first] = openGets(service);
    // Another writer pauses sc_3; this client reads it while the list's first page is on its way.
    const read = service.client.spendControls.get('sc_3', { maxAgeMs: 0 });
    await flush();
    openGets(service)
      .find((h) => h.request.url.includes('/sc_3'))
      ?.answer(200, row('sc_3', 'paused', 2));
    await read;
    first?.answer(200, { data: [row('sc_2', 'paused')] }); // read before the pause
    await flush();
    const again = openGets(service);
    expect(again).toHaveLength(1);
    again[0]?.answer(200, { data: [row('sc_2', 'paused'), row('sc_3', 'paused', 2)] });
    await flush();
    expect(ids(paused.getResult().data)).toEqual(['sc_2', 'sc_3']);
    off();
  });
});

describe('observeList: reads', () => {
  it('reads the pages once on refetch when the reply itself brings a new matching row', async () => {
    const service = await loadedList(page(['sc_1', 'sc_2']));
    // sc_3 was created elsewhere, with no event: the refetch is how this client learns of it.
    const refetch = service.list.refetch();
    await flush();
    openGets(service)[0]?.answer(200, page(['sc_1', 'sc_2', 'sc_3']));
    await refetch;
    await flush();
    expect(ids(service.list.getResult().data)).toEqual(['sc_1', 'sc_2', 'sc_3']);
    expect(service.gets('/spend_controls')).toHaveLength(2);
    service.off();
  });
});

describe('resource.list beside an observed list', () => {
  it('answers list(params, { cursor }) with that page while the list is read again', async () => {
    const service = await loadedList(page(['sc_1'], 'c1'), 1);
    void service.list.refetch();
    await flush();
    const second = service.client.spendControls.list({ account_id: 'acc_1' }, { cursor: 'c1', limit: 1 });
    await flush();
    for (const h of openGets(service)) {
      const cursor = new URL(h.request.url).searchParams.get('cursor');
      h.answer(200, cursor === 'c1' ? page(['sc_2']) : page(['sc_1'], 'c1'));
    }
    expect(ids((await second).items)).toEqual(['sc_2']);
    service.off();
  });

  it('answers each call with the limit it asked for, while another first page is in flight', async () => {
    const service = manualService();
    const api = service.client.spendControls;
    const small = api.list({ account_id: 'acc_1' }, { limit: 2 });
    const large = api.list({ account_id: 'acc_1' }, { limit: 5 });
    await flush();
    const limits = openGets(service).map((h) => new URL(h.request.url).searchParams.get('limit'));
    expect(limits).toEqual(['2', '5']);
    for (const h of openGets(service)) {
      const limit = Number(new URL(h.request.url).searchParams.get('limit'));
      h.answer(
        200,
        page(
          Array.from({ length: limit }, (_, i) => `sc_${i}`),
          'more',
        ),
      );
    }
    expect((await small).items).toHaveLength(2);
    expect((await large).items).toHaveLength(5);
  });

  it('leaves an entity the store has removed out of items', async () => {
    const service = manualService();
    service.client.store.remove('spend_control', 'sc_2');
    const read = service.client.spendControls.list({ account_id: 'acc_1' });
    await flush();
    openGets(service)[0]?.answer(200, page(['sc_1', 'sc_2']));
    expect(ids((await read).items)).toEqual(['sc_1']);
  });
});
