import type { SpendControl } from '@vstore/core';
import type { OutboxEntry } from '@vstore/core/offline';
import type { ServiceState } from '@vstore/service';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkEntityOrder, checkLane, checkOutboxWrites, checkRepeats } from './checkOutboxWrites';
import { offlineNetwork } from './offlineNetwork';
import { createWriteTracker, type OutboxWrite } from './outboxWrites';
import { planSoak } from './planSoak';
import { type RequestRecord, recordingFetch, tagPage, type Violation } from './recordingFetch';

// The outbox side of the soak's checks must be able to fail too: each is shown catching its fault.

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const version = (n: number, fields: Partial<SpendControl>): SpendControl =>
  Object.freeze({
    spend_control_id: 'sc_1',
    version: n,
    version_time: `2026-01-01T00:00:0${n}.000Z`,
    name: 'n',
    status: 'active',
    limit: { amount: 100, currency: 'USD' },
    interval: 'monthly',
    account_id: 'acc_main',
    ...fields,
  }) as SpendControl;

const write = (
  k: number,
  value: string | number,
  outcome: OutboxWrite['outcome'],
  field: OutboxWrite['field'] = 'name',
): OutboxWrite => ({
  client: 1,
  kind: 'update',
  target: 'sc_1',
  field,
  k,
  value,
  outcome,
  conflicts: 0,
  restored: 0,
});

function failures(run: (fail: (invariant: string, detail: string) => void) => void): string[] {
  const found: string[] = [];
  run((invariant, detail) => found.push(`${invariant}: ${detail}`));
  return found;
}

describe('outbox checks', () => {
  it('pass a lane whose landed names are each one change, in order, and whose dropped one is none', () => {
    const history = [
      version(1, {}),
      version(2, { name: 'n 1' }),
      version(3, { name: 'n 1 R1' }),
      version(4, { name: 'n 1 R1 3' }),
    ];
    const lane = [write(1, 'n 1', 'landed'), write(2, 'n 1 2', 'theirs'), write(3, 'n 1 R1 3', 'landed')];
    expect(failures((fail) => checkLane(lane, history, fail))).toEqual([]);
  });

  it('flag a landed write no version holds, a dropped one that landed, one landed twice, and one out of order', () => {
    const history = [
      version(1, {}),
      version(2, { name: 'n 2' }),
      version(3, { name: 'n 1' }),
      version(4, { name: 'n 2' }),
      version(5, { name: 'n 4' }),
    ];
    const lane = [
      write(1, 'n 1', 'landed'),
      write(2, 'n 2', 'landed'),
      write(3, 'n 3', 'landed'),
      write(4, 'n 4', 'theirs'),
    ];
    expect(failures((fail) => checkLane(lane, history, fail)).map((f) => f.split(':')[0])).toEqual([
      'writes land in the order made',
      'no write lands twice',
      'every outbox write lands or ends',
      'every outbox write lands or ends',
    ]);
  });

  it('flag a status write taken as landed that no version shows (pause, resume, pause)', () => {
    const history = [version(1, {}), version(2, { status: 'paused' }), version(3, { status: 'active' })];
    const lane = [
      write(1, 'paused', 'landed', 'status'),
      write(2, 'active', 'landed', 'status'),
      write(3, 'paused', 'landed', 'status'),
    ];
    expect(failures((fail) => checkLane(lane, history, fail))).toEqual([
      'every outbox write lands or ends: client 1 sc_1.status went active → paused → active; its landed writes make active → paused → active → paused (#1 paused landed, #2 active landed, #3 paused landed)',
    ]);
    expect(failures((fail) => checkLane(lane.slice(0, 2), history, fail))).toEqual([]);
  });

  it("flag a client's writes of one control that landed in another order than made, across fields", () => {
    const history = [
      version(1, {}),
      version(2, { limit: { amount: 101, currency: 'USD' } }),
      version(3, { name: 'n 1' }),
      version(4, { status: 'paused' }),
    ];
    const name = { ...write(1, 'n 1', 'landed'), madeAt: 1 };
    const limit = { ...write(1, 101, 'landed', 'limit'), madeAt: 2 };
    const status = { ...write(1, 'paused', 'landed', 'status'), madeAt: 3 };
    const landedAt = new Map<OutboxWrite, number>();
    for (const lane of [[name], [limit], [status]])
      for (const [w, at] of checkLane(lane, history, () => {})) landedAt.set(w, at);
    expect([landedAt.get(name), landedAt.get(limit), landedAt.get(status)]).toEqual([3, 2, 4]);
    expect(failures((fail) => checkEntityOrder([status, limit, name], landedAt, fail))).toEqual([
      'writes land in the order made: client 1 sc_1.limit #1 (101, landed) landed in v2, before client 1 sc_1.name #1 (n 1, landed) made earlier (v3)',
    ]);
    expect(failures((fail) => checkEntityOrder([name, status], landedAt, fail))).toEqual([]);
  });

  it('flag a version that repeats the one before it', () => {
    const history = [version(1, {}), version(2, { status: 'paused' }), version(3, { status: 'paused' })];
    expect(failures((fail) => checkRepeats(new Map([['sc_1', history]]), fail))).toEqual([
      'no write lands twice: sc_1 v3 repeats v2',
    ]);
  });

  it('flag a create counted twice by its key, and a deletion that ended otherwise than the service decided', () => {
    const plan = planSoak(1, {
      clients: 1,
      seededControls: 1,
      editsPerLane: [1, 1],
      createsPerClient: 0,
      editsPerCreated: 0,
      readsPerClient: 0,
      deletionsPerClient: 1,
      taskDurationMs: 1,
      outboxClients: 1,
      offlineSpells: 0,
      offlineMs: [1, 1],
      reloads: 0,
      lostAnswerRate: 0,
    });
    const account = plan.clients[0]?.deletions[0]?.account ?? '';
    const state = {
      creates: { total: 2, byIdempotencyKey: { key_1: 2 } },
      accounts: {
        [account]: { status: plan.outcomes.get(account) === 'completed' ? 'active' : 'closed', version: 2 },
      },
    } as unknown as ServiceState;
    const created = version(1, { spend_control_id: 'sc_new', name: 'made-1' });
    const writes: OutboxWrite[] = [
      {
        client: 0,
        kind: 'create',
        name: 'made-1',
        idempotencyKey: 'key_1',
        outcome: 'landed',
        conflicts: 0,
        restored: 0,
      },
      { client: 0, kind: 'delete', target: account, outcome: 'landed', conflicts: 0, restored: 0 },
    ];
    const violations: Violation[] = [];
    const keyed = checkOutboxWrites(writes, plan, new Map([['sc_new', [created]]]), state, (v) =>
      violations.push(v),
    );
    expect(keyed).toBe(2);
    expect(violations.map((v) => v.invariant)).toEqual([
      'every create happened exactly once',
      'tasks end as the service decided',
    ]);
  });

  it('follow an entry to its end: landed when it leaves, theirs when dropped as such, failed, and open again when restored', () => {
    const tracker = createWriteTracker();
    const entry = (id: string, status: OutboxEntry['status']): OutboxEntry =>
      ({
        id,
        kind: 'update',
        type: 'spend_control',
        entityId: 'sc_1',
        patch: { name: id },
        status,
        madeAt: 1,
      }) as OutboxEntry;
    const [a, b, c] = [write(1, '', undefined), write(2, '', undefined), write(3, '', undefined)];
    tracker.attach(a, entry('a', 'pending'));
    tracker.attach(b, entry('b', 'pending'));
    tracker.attach(c, entry('c', 'pending'));
    expect([a.value, b.value]).toEqual(['a', 'b']);
    tracker.refresh([
      entry('a', 'sending'),
      entry('b', 'conflict'),
      { ...entry('c', 'failed'), error: new TypeError('no') },
    ]);
    expect([a.outcome, b.conflicts, c.outcome, c.error]).toEqual([undefined, 1, 'failed', 'TypeError']);
    b.resolution = 'theirs';
    tracker.refresh([{ ...entry('c', 'failed') }]);
    expect([a.outcome, b.outcome]).toEqual(['landed', 'theirs']);
    tracker.refresh([entry('a', 'pending'), entry('c', 'failed')]);
    expect([a.outcome, a.restored]).toEqual([undefined, 1]);
  });
});

describe('the offline network', () => {
  it('refuses requests offline, breaks open event streams when the network goes, and drops only 2xx answers to writes', async () => {
    const statuses = [201, 429, 200];
    vi.stubGlobal('fetch', async (input: string) =>
      input.endsWith('/events')
        ? new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(': hi\n\n')) }))
        : new Response('{}', { status: statuses.shift() ?? 200, headers: { 'retry-after': '1' } }),
    );
    const network = offlineNetwork(fetch, () => 0, 1);
    const { fetch: pageFetch, close } = network.page(0);
    const stream = await pageFetch('http://s/events');
    const reader = stream.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await expect(pageFetch('http://s/spend_controls', { method: 'POST' })).rejects.toThrow('fetch failed');
    expect((await pageFetch('http://s/spend_controls', { method: 'POST' })).status).toBe(429);
    expect((await pageFetch('http://s/spend_controls/sc_1')).status).toBe(200);
    network.goOffline();
    await expect(reader.read()).rejects.toThrow('fetch failed');
    await expect(pageFetch('http://s/spend_controls/sc_1')).rejects.toThrow('fetch failed');
    network.goOnline();
    close();
    await expect(pageFetch('http://s/spend_controls/sc_1')).rejects.toThrow('fetch failed');
    expect([network.spells(), network.refused(), [...network.dropped]]).toEqual([1, 1, [['POST', 1]]]);
  });

  it("hold each page to its own 429s, counting a reloaded page's request inside an earlier page's window", async () => {
    const replies = [429, 200, 429, 200];
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.stubGlobal(
      'fetch',
      async () => new Response('{}', { status: replies.shift() ?? 200, headers: { 'retry-after': '1' } }),
    );
    const log: RequestRecord[] = [];
    const violations: Violation[] = [];
    const recorder = recordingFetch(1, 'http://s', log, (v) => violations.push(v));
    await recorder.fetch('http://s/a', tagPage(undefined, 0));
    now += 100;
    await recorder.fetch('http://s/b', tagPage(undefined, 1));
    expect([violations, recorder.inEarlierPage()]).toEqual([[], 1]);
    await recorder.fetch('http://s/c', tagPage(undefined, 1));
    now += 100;
    await recorder.fetch('http://s/d', tagPage(undefined, 1));
    expect(violations.map((v) => v.detail)).toEqual([
      'client 1 sent GET /d 100 ms after the 429 to GET /c, 900 ms before its Retry-After ended',
    ]);
  });
});
