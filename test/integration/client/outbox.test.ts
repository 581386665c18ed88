import {
  BusinessRuleError,
  EditConflictError,
  observeList,
  observeResource,
  type SpendControl,
} from '@vstore/core';
import { createOutbox, memoryStorage, type Outbox, OutboxStorageError } from '@vstore/core/offline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support';

// The outbox over real HTTP against @vstore/service, through a fetch that can go offline or lose
// answers (the request reaches the service and commits, its answer never comes back).

// Node's globalThis is no EventTarget: a page's, stood in for, so that the outbox hears `online`
// here as in a browser (review 26: without it, window_online() did nothing and the tests passed on
// backoff alone).
const page = new EventTarget();
const scope = globalThis as Partial<
  Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>
>;
const hadTarget = typeof scope.dispatchEvent === 'function';
beforeAll(() => {
  if (hadTarget) return;
  scope.addEventListener = page.addEventListener.bind(page);
  scope.removeEventListener = page.removeEventListener.bind(page);
  scope.dispatchEvent = page.dispatchEvent.bind(page);
});
afterAll(() => {
  if (hadTarget) return;
  delete scope.addEventListener;
  delete scope.removeEventListener;
  delete scope.dispatchEvent;
});

let harness: Harness | undefined;
const outboxes: Outbox[] = [];
afterEach(async () => {
  for (const outbox of outboxes.splice(0)) await outbox.close();
  await harness?.close();
  harness = undefined;
});

type Network = 'online' | 'offline' | 'lose';

/** A fetch whose network the test switches; `lose` lets the request through, then drops its answer. */
function flakyNetwork(start: Network = 'online') {
  const state = { mode: start as Network };
  const sent: { method: string; idempotencyKey: string | null }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    if (state.mode === 'offline') throw new TypeError('fetch failed', { cause: { code: 'ENETUNREACH' } });
    sent.push({
      method: init?.method ?? 'GET',
      idempotencyKey: new Headers(init?.headers).get('idempotency-key'),
    });
    const response = await fetch(input, init);
    if (state.mode === 'lose' && init?.method && init.method !== 'GET') {
      await response.text();
      throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
    }
    return response;
  };
  return { state, sent, fetchImpl, isOnline: () => state.mode !== 'offline' };
}

const control = (name: string) => ({
  name,
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly' as const,
  account_id: 'acc_1',
});

/** Resolves once `done` holds for the outbox's entries, checked on each change; bounded. */
function entriesUntil(outbox: Outbox, done: (outbox: Outbox) => boolean) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`outbox never got there: ${JSON.stringify(outbox.entries)}`)),
      5000,
    );
    const check = () => {
      if (!done(outbox)) return;
      clearTimeout(timer);
      off();
      resolve();
    };
    const off = outbox.subscribe(check);
    check();
  });
}

async function setup(network = flakyNetwork()) {
  harness ??= await startHarness({ rateLimit: false });
  const client = harness.client({
    fetch: network.fetchImpl,
    retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10 },
  });
  return { client, network };
}

function open(
  client: Parameters<typeof createOutbox>[0],
  storage = memoryStorage(),
  network?: ReturnType<typeof flakyNetwork>,
) {
  const outbox = createOutbox(client, {
    storage,
    locks: false,
    BroadcastChannel: false,
    backoff: { baseDelayMs: 10, maxDelayMs: 40 },
    ...(network ? { isOnline: network.isOnline } : {}),
  });
  outboxes.push(outbox);
  return outbox;
}

/** How many spend controls of this name the service holds. */
async function onService(client: Awaited<ReturnType<typeof setup>>['client'], name: string) {
  const rows: SpendControl[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const answer = await client.spendControls.list({ account_id: 'acc_1' }, { cursor, limit: 100 });
    rows.push(...answer.items);
    if (answer.nextCursor === undefined) break;
    cursor = answer.nextCursor;
  }
  return rows.filter((row) => row.name === name);
}

describe('the outbox over HTTP', () => {
  it('carries creates made offline over a reload, and lands each once', async () => {
    const network = flakyNetwork('offline');
    const { client } = await setup(network);
    const storage = memoryStorage();
    const first = open(client, storage, network);
    await first.ready;
    void first.create(client.spendControls, control('Made offline A')).catch(() => {});
    void first.create(client.spendControls, control('Made offline B')).catch(() => {});
    await entriesUntil(first, (o) => o.entries.length === 2);
    await first.close(); // the page goes away while offline

    network.state.mode = 'online';
    const { client: reloaded } = await setup(network);
    const second = open(reloaded, storage, network);
    await second.ready;
    await entriesUntil(second, (o) => o.entries.length === 0);
    expect(await onService(reloaded, 'Made offline A')).toHaveLength(1);
    expect(await onService(reloaded, 'Made offline B')).toHaveLength(1);
    expect(await storage.keys()).toEqual([]);
  });

  it('lands a create whose answer was lost exactly once (its stored idempotency key)', async () => {
    const network = flakyNetwork('lose');
    const { client } = await setup(network);
    const outbox = open(client, memoryStorage(), network);
    await outbox.ready;
    const created = outbox.create<SpendControl>(client.spendControls, control('Lost answer'));
    await entriesUntil(outbox, (o) => o.entries[0]?.status === 'pending' && o.entries[0].error !== undefined);
    network.state.mode = 'online';
    const entity = await created;
    expect(entity.name).toBe('Lost answer');
    expect(await onService(client, 'Lost answer')).toHaveLength(1);
    const posts = network.sent.filter((s) => s.method === 'POST');
    expect(posts.length).toBeGreaterThan(1);
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);
  });

  it('lands updates of one entity in the order made, shown as pending meanwhile', async () => {
    const network = flakyNetwork('online');
    const { client } = await setup(network);
    await client.spendControls.get('sc_1');
    network.state.mode = 'offline';
    const outbox = open(client, memoryStorage(), network);
    await outbox.ready;
    const observer = observeResource(client.spendControls, 'sc_1');
    const off = observer.subscribe(() => {});
    const first = outbox.update(client.spendControls, 'sc_1', { name: 'First' });
    const second = outbox.update(client.spendControls, 'sc_1', { name: 'Second', status: 'paused' });
    await entriesUntil(outbox, (o) => o.entries.length === 2);
    // Every reader shows the pending changes over the confirmed state; the store keeps the confirmed one.
    expect(observer.getResult().data).toMatchObject({ name: 'Second', status: 'paused' });
    expect(client.store.get<SpendControl>('spend_control', 'sc_1')?.name).not.toBe('Second');
    network.state.mode = 'online';
    window_online();
    const [a, b] = await Promise.all([first, second]);
    expect(b.version).toBe(a.version + 1);
    expect(b).toMatchObject({ name: 'Second', status: 'paused' });
    const versions = await client.spendControls.history('sc_1');
    const names = versions.map((v) => v.name);
    expect(names.indexOf('First')).toBeLessThan(names.indexOf('Second'));
    expect(names.filter((n) => n === 'Second')).toHaveLength(1);
    off();
  });

  it('holds a same-field change by another writer as a conflict, sending nothing until it is resolved', async () => {
    const { client } = await setup();
    const other = harness!.client();
    await client.spendControls.get('sc_1');
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => gate.open,
      backoff: { baseDelayMs: 10, maxDelayMs: 40 },
    });
    outboxes.push(outbox);
    const gate = { open: false };
    await outbox.ready;
    const mine = outbox.update<SpendControl>(client.spendControls, 'sc_1', { name: 'Mine' });
    await entriesUntil(outbox, (o) => o.entries.length === 1);
    await other.spendControls.update('sc_1', { name: 'Theirs' });
    const patchesBefore = harness!.sent.filter((s) => s.method === 'PATCH').length;
    gate.open = true;
    window_online();
    await entriesUntil(outbox, (o) => o.entries[0]?.status === 'conflict');
    const entry = outbox.entries[0]!;
    expect(entry.conflict).toMatchObject({
      fields: ['name'],
      mine: { name: 'Mine' },
      theirs: { name: 'Theirs' },
    });
    expect(entry.conflict?.base.name).not.toBe('Theirs');
    expect(harness!.sent.filter((s) => s.method === 'PATCH')).toHaveLength(patchesBefore);
    await outbox.resolve(entry.id, 'mine');
    await expect(mine).resolves.toMatchObject({ name: 'Mine' });
  });

  it('drops mine when a conflict is resolved as theirs, rejecting with EditConflictError', async () => {
    const { client } = await setup();
    const other = harness!.client();
    await client.spendControls.get('sc_2');
    const gate = { open: false };
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => gate.open,
      backoff: { baseDelayMs: 10, maxDelayMs: 40 },
    });
    outboxes.push(outbox);
    await outbox.ready;
    const mine = outbox.update(client.spendControls, 'sc_2', { name: 'Mine' });
    mine.catch(() => {});
    await entriesUntil(outbox, (o) => o.entries.length === 1);
    await other.spendControls.update('sc_2', { name: 'Theirs' });
    gate.open = true;
    window_online();
    await entriesUntil(outbox, (o) => o.entries[0]?.status === 'conflict');
    await outbox.resolve(outbox.entries[0]!.id, 'theirs');
    await expect(mine).rejects.toBeInstanceOf(EditConflictError);
    expect(outbox.entries).toEqual([]);
    expect(observeResource(client.spendControls, 'sc_2').getResult().data?.name).toBe('Theirs');
  });

  it('merges a change to other fields: both stand', async () => {
    const { client } = await setup();
    const other = harness!.client();
    await client.spendControls.get('sc_3');
    const gate = { open: false };
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => gate.open,
      backoff: { baseDelayMs: 10, maxDelayMs: 40 },
    });
    outboxes.push(outbox);
    await outbox.ready;
    const mine = outbox.update<SpendControl>(client.spendControls, 'sc_3', { name: 'Renamed here' });
    await entriesUntil(outbox, (o) => o.entries.length === 1);
    await other.spendControls.update('sc_3', { status: 'paused' });
    gate.open = true;
    window_online();
    await expect(mine).resolves.toMatchObject({ name: 'Renamed here', status: 'paused' });
  });

  it('fails a refused write with its typed error and never sends it again', async () => {
    const { client, network } = await setup();
    const outbox = open(client);
    await outbox.ready;
    // acc_9 does not exist: the service refuses the create with a business rule (422).
    const refused = outbox.create(client.spendControls, { ...control('Nowhere'), account_id: 'acc_9' });
    await expect(refused).rejects.toBeInstanceOf(BusinessRuleError);
    expect(outbox.entries[0]).toMatchObject({ status: 'failed' });
    // Counted as sent (not as answered), so a send that is still on its way is counted too.
    const posts = network.sent.filter((s) => s.method === 'POST').length;
    window_online();
    // The outbox sends in order: once a write queued after the refused one has landed, a resend of
    // the refused one would have been sent before it.
    await outbox.update<SpendControl>(client.spendControls, 'sc_1', { name: 'Queued after' });
    expect(network.sent.filter((s) => s.method === 'POST')).toHaveLength(posts);
    expect(network.sent.filter((s) => s.method === 'PATCH')).toHaveLength(1);
    await outbox.discard(outbox.entries[0]!.id);
    expect(outbox.entries).toEqual([]);
  });

  it('rejects with OutboxStorageError when storage refuses, and drops nothing', async () => {
    const { client } = await setup();
    const storage = memoryStorage();
    const broken = {
      ...storage,
      set: async () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')),
    };
    const outbox = open(client, broken);
    await outbox.ready;
    await expect(outbox.create(client.spendControls, control('No room'))).rejects.toBeInstanceOf(
      OutboxStorageError,
    );
    expect(outbox.entries).toEqual([]);
    expect(harness!.sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    await outbox.close();
    const unreadable = open(client, {
      ...storage,
      keys: async () => Promise.reject(new Error('no IndexedDB')),
    });
    await expect(unreadable.ready).rejects.toBeInstanceOf(OutboxStorageError);
    // An outbox without its storage lets go of the client, so another may try.
    open(client, storage);
  });

  it("sends another tab's write once, from the tab that holds the lock, and settles it in the tab that made it", async () => {
    const { client: tabA } = await setup();
    const { client: tabB } = await setup();
    const storage = memoryStorage();
    const name = `tabs-${Math.random()}`;
    const a = createOutbox(tabA, { storage, name, backoff: { baseDelayMs: 10, maxDelayMs: 40 } });
    outboxes.push(a);
    await a.ready;
    const b = createOutbox(tabB, { storage, name, backoff: { baseDelayMs: 10, maxDelayMs: 40 } });
    outboxes.push(b);
    await b.ready;
    const made = await b.create<SpendControl>(tabB.spendControls, control('Made in tab B'));
    expect(made.name).toBe('Made in tab B');
    expect(await onService(tabA, 'Made in tab B')).toHaveLength(1);
    await entriesUntil(a, (o) => o.entries.length === 0);
    expect(b.entries).toEqual([]);
  });

  it('follows a deletion to its end across a reload', async () => {
    harness = await startHarness({ rateLimit: false, taskDurationMs: 200 });
    const { client, network } = await setup();
    const storage = memoryStorage();
    const first = open(client, storage);
    await first.ready;
    void first.delete(client.accounts, 'acc_2').catch(() => {});
    await entriesUntil(first, (o) => o.entries[0]?.taskId !== undefined);
    await first.close();
    const { client: reloaded, network: again } = await setup();
    await reloaded.accounts.get('acc_2');
    const second = open(reloaded, storage);
    await second.ready;
    await entriesUntil(second, (o) => o.entries.length === 0);
    expect(reloaded.store.isRemoved('account', 'acc_2')).toBe(true);
    expect([...network.sent, ...again.sent].filter((s) => s.method === 'DELETE')).toHaveLength(1);
  });

  it('never lets a refetch revert a pending change: list rows show it over newer versions', async () => {
    const network = flakyNetwork();
    const { client } = await setup(network);
    const list = observeList(client.spendControls, { account_id: 'acc_1' });
    const off = list.subscribe(() => {});
    await new Promise<void>((resolve) => {
      const check = () => list.getResult().status === 'success' && resolve();
      list.subscribe(check);
      check();
    });
    network.state.mode = 'offline';
    const outbox = open(client, memoryStorage(), network);
    await outbox.ready;
    void outbox.update(client.spendControls, 'sc_1', { name: 'Pending offline' }).catch(() => {});
    await entriesUntil(outbox, (o) => o.entries.length === 1);
    const row = () => list.getResult().data.find((r) => r.spend_control_id === 'sc_1');
    expect(row()?.name).toBe('Pending offline');
    network.state.mode = 'online';
    await harness!.client().spendControls.update('sc_1', { status: 'paused' });
    await list.refetch();
    expect(row()).toMatchObject({ name: 'Pending offline', status: 'paused' });
    off();
  });
});

/** The page's `online` event, as a browser fires it when the network comes back. */
function window_online() {
  if (typeof scope.dispatchEvent !== 'function') throw new Error('no page to fire `online` on');
  scope.dispatchEvent(new Event('online'));
}
