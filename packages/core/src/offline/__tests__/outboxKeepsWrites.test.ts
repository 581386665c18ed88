// What the outbox keeps is what it sends, and nothing it holds is lost: the caller's object changed
// after the call, a long Retry-After, a reload of storage racing a new write, another tab sending
// this tab's write, a restored create without its key. Each case failed before its fix.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spendControl } from '../../client/__tests__/scripted';
import { type Client, createClient } from '../../client/createClient';
import { createChannelHub } from '../../crossTab/__tests__/channelHub';
import type { LockManagerLike } from '../../crossTab/channelLocks';
import { observeResource } from '../../observers/observeResource';
import { createOutbox } from '../createOutbox';
import type { Outbox } from '../outbox';
import { memoryStorage, type OutboxStorage } from '../outboxStorage';
import { storedCopy } from '../storedCopy';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A service of spend controls (GET/PATCH one, POST with Idempotency-Key), as the spec has it. */
function service() {
  const rows = new Map<string, Record<string, unknown>>([['sc_1', { ...spendControl(1) }]]);
  const sent: { method: string; path: string; body?: unknown; key?: string | null; at: number }[] = [];
  const keys = new Map<string, { body: string; row: Record<string, unknown> }>();
  const state = {
    tooMany: undefined as undefined | { untilMs: number; retryAfterS: number },
    latencyMs: 0,
  };
  let made = 0;
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(String(input));
    const key = new Headers(init.headers).get('idempotency-key');
    const body = init.body ? String(init.body) : undefined;
    sent.push({ method, path: url.pathname, body: body && JSON.parse(body), key, at: Date.now() });
    if (state.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, state.latencyMs));
    if (state.tooMany && Date.now() < state.tooMany.untilMs)
      return json({ message: 'slow down', type: 'RateLimited', trace_id: 't' }, 429, {
        'retry-after': String(state.tooMany.retryAfterS),
      });
    if (method === 'POST') {
      const earlier = key ? keys.get(key) : undefined;
      if (earlier && earlier.body !== body)
        return json({ message: 'key reused', type: 'IdempotencyKeyReused', trace_id: 't' }, 422);
      if (earlier) return json(earlier.row, 201);
      const id = `sc_new_${++made}`;
      const row = { ...spendControl(1), ...JSON.parse(body as string), spend_control_id: id };
      rows.set(id, row);
      if (key) keys.set(key, { body: body as string, row });
      return json(row, 201);
    }
    const id = url.pathname.split('/')[2] as string;
    const row = rows.get(id);
    if (!row) return json({ message: 'missing', type: 'NotFound', trace_id: 't' }, 404);
    if (method === 'PATCH') {
      const next = { ...row, ...JSON.parse(body as string), version: (row.version as number) + 1 };
      rows.set(id, next);
      return json(next);
    }
    return json(row);
  };
  return { rows, sent, fetch, state };
}

const clientOf = (svc: ReturnType<typeof service>) =>
  createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'tok',
    fetch: svc.fetch,
    retry: { maxAttempts: 1 },
  });

const input = (name: string) => ({
  name,
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly' as const,
  account_id: 'acc_1',
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the outbox keeps what it was given', () => {
  it('sends the body it stored, not what the caller did to its input object afterwards', async () => {
    const svc = service();
    const client = clientOf(svc);
    const storage = memoryStorage();
    const outbox = createOutbox(client, {
      storage,
      locks: false,
      BroadcastChannel: false,
      isOnline: () => true,
    });
    await outbox.ready;
    // A form's model object: submitted, then reset for the next entry (as a form does at once).
    const form = input('Submitted');
    const made = outbox.create(client.spendControls, form);
    form.name = '';
    form.limit.amount = 0;
    await vi.advanceTimersByTimeAsync(50);
    await made.catch(() => {});
    const posts = svc.sent.filter((s) => s.method === 'POST');
    // What the person submitted, and what the outbox stored under the key, is 'Submitted' / 100.
    expect(posts.map((p) => p.body)).toEqual([input('Submitted')]);
    await outbox.close();
  });

  it('sends the patch it stored, not the nested object the caller changed afterwards', async () => {
    const svc = service();
    const client = clientOf(svc);
    await client.spendControls.get('sc_1');
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => true,
    });
    await outbox.ready;
    const limit = { amount: 900, currency: 'USD' };
    const write = outbox.update(client.spendControls, 'sc_1', { limit });
    limit.amount = 1; // the form field is edited again after saving
    await vi.advanceTimersByTimeAsync(50);
    await write.catch(() => {});
    expect(svc.sent.filter((s) => s.method === 'PATCH').map((s) => s.body)).toEqual([
      { limit: { amount: 900, currency: 'USD' } },
    ]);
    await outbox.close();
  });

  it('waits at least a Retry-After longer than the client cap before sending the entry again', async () => {
    const svc = service();
    // The client's default retry rules (Retry-After honoured up to 60 s; a longer one ends the call).
    const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 'tok', fetch: svc.fetch });
    await client.spendControls.get('sc_1');
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => true,
    });
    await outbox.ready;
    // The service is over its limit for the next 120 s and says so (Retry-After: 120).
    svc.state.tooMany = { untilMs: Date.now() + 120_000, retryAfterS: 120 };
    const start = Date.now();
    const before = svc.sent.length;
    const write = outbox.update(client.spendControls, 'sc_1', { name: 'Later' });
    write.catch(() => {});
    await vi.advanceTimersByTimeAsync(119_000);
    const during = svc.sent.slice(before).filter((s) => s.at < start + 120_000);
    // Spec, Limits 2: "Clients wait at least that interval, then retry".
    expect(during.map((s) => `${s.method} @${Math.round((s.at - start) / 1000)}s`)).toEqual(['GET @0s']);
    await outbox.close();
  });

  /**
   * An outbox over storage whose keys come back when the test says (as IndexedDB's answer comes a
   * little later), and another tab's `changed`, which makes it read storage again: `write` runs while
   * that read is on its way.
   */
  async function writeDuringReload(
    name: string,
    online: () => boolean,
    write: (outbox: Outbox, client: Client) => void,
    latencyMs = 0,
  ) {
    const svc = service();
    const client = clientOf(svc);
    await client.spendControls.get('sc_1');
    const memory = memoryStorage();
    let hold: Promise<void> | undefined;
    const storage: OutboxStorage = {
      ...memory,
      async keys() {
        const found = await memory.keys();
        if (hold) await hold;
        return found;
      },
    };
    const hub = createChannelHub();
    const outbox = createOutbox(client, {
      storage,
      name,
      locks: false,
      BroadcastChannel: hub.Channel,
      isOnline: online,
    });
    await outbox.ready;
    svc.state.latencyMs = latencyMs;
    let release!: () => void;
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const otherTab = new hub.Channel(`vstore:outbox:${name}`);
    otherTab.postMessage({ kind: 'changed' });
    await vi.advanceTimersByTimeAsync(1);
    write(outbox, client);
    await vi.advanceTimersByTimeAsync(1);
    hold = undefined;
    release();
    await vi.advanceTimersByTimeAsync(1);
    const close = async () => {
      otherTab.close();
      await outbox.close();
    };
    return { svc, outbox, storage, close };
  }

  it('keeps (and lands) a write made while a reload of storage, told by another tab, was reading', async () => {
    let settled: unknown = 'not settled';
    const { svc, outbox, storage, close } = await writeDuringReload(
      'reload-race',
      () => true,
      (outbox, client) =>
        void outbox.update(client.spendControls, 'sc_1', { name: 'Mine' }).then(
          (v: unknown) => {
            settled = v;
          },
          (e: unknown) => {
            settled = e;
          },
        ),
      5, // each answer takes 5 ms
    );
    await vi.advanceTimersByTimeAsync(60_000);
    // It landed on the service; its promise must settle, and its entry leave the outbox and storage.
    expect({
      onService: svc.rows.get('sc_1')?.name,
      settled,
      entries: outbox.entries.length,
      stored: await storage.keys(),
    }).toMatchObject({ onService: 'Mine', settled: { name: 'Mine' }, entries: 0, stored: [] });
    await close();
  });

  it('sends, once back online, an offline write made while a reload of storage was reading', async () => {
    let online = false;
    const { svc, outbox, storage, close } = await writeDuringReload(
      'reload-race-offline',
      () => online,
      (outbox, client) =>
        void outbox.update(client.spendControls, 'sc_1', { name: 'Made offline' }).catch(() => {}),
    );
    online = true; // the network is back
    await vi.advanceTimersByTimeAsync(120_000);
    expect({
      entries: outbox.entries.length,
      stored: (await storage.keys()).length,
      patches: svc.sent.filter((s) => s.method === 'PATCH').length,
    }).toEqual({ entries: 0, stored: 0, patches: 1 });
    await close();
  });

  it('shows the landed write in the tab that made it when another tab sent it (no stale revert)', async () => {
    const svc = service();
    const hub = createChannelHub();
    const storage = memoryStorage();
    const name = 'two-tabs';
    const tabA = clientOf(svc);
    const tabB = clientOf(svc);
    await tabA.spendControls.get('sc_1');
    await tabB.spendControls.get('sc_1');
    // Tab A holds the lock; tab B waits for it for good.
    const never: LockManagerLike = { request: () => new Promise(() => {}) };
    const a = createOutbox(tabA, {
      storage,
      name,
      locks: false,
      BroadcastChannel: hub.Channel,
      isOnline: () => true,
    });
    const b = createOutbox(tabB, {
      storage,
      name,
      locks: never,
      BroadcastChannel: hub.Channel,
      isOnline: () => true,
    });
    await a.ready;
    await b.ready;
    const shownInB = observeResource(tabB.spendControls, 'sc_1', { maxAgeMs: 60_000 });
    const off = shownInB.subscribe(() => {});
    const write = b.update(tabB.spendControls, 'sc_1', { name: 'Made in B' });
    await vi.advanceTimersByTimeAsync(0);
    expect(shownInB.getResult().data?.name).toBe('Made in B'); // pending, shown at once
    let landed: { name: string | null } | undefined;
    void write.then((v) => {
      landed = v;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(landed?.name).toBe('Made in B');
    expect(b.entries).toEqual([]);
    // The write is in; tab B, where the person made it, must not show the old name again.
    expect(shownInB.getResult().data?.name).toBe('Made in B');
    off();
    await a.close();
    await b.close();
  });

  it('never sends a restored create without its stored Idempotency-Key (a record that lacks one)', async () => {
    const svc = service();
    const storage = memoryStorage();
    // A stored create whose key is missing (damaged record, or another build of the app).
    await storage.set('outbox:c1', {
      id: 'c1',
      kind: 'create',
      type: 'spend_control',
      input: input('Once'),
      status: 'pending',
      madeAt: 1,
    });
    let lose = true;
    const lossy = async (i: RequestInfo | URL, init?: RequestInit) => {
      const answer = await svc.fetch(i, init);
      // The first POST reaches the service and commits; its answer is lost.
      if (init?.method === 'POST' && lose) {
        lose = false;
        throw new TypeError('fetch failed');
      }
      return answer;
    };
    const lossyClient = createClient({
      baseUrl: 'http://svc.test',
      getToken: () => 'tok',
      fetch: lossy,
      retry: { maxAttempts: 1 },
    });
    const outbox = createOutbox(lossyClient, {
      storage,
      locks: false,
      BroadcastChannel: false,
      isOnline: () => true,
      backoff: { baseDelayMs: 10, maxDelayMs: 20 },
    });
    await outbox.ready;
    await vi.advanceTimersByTimeAsync(5000);
    const created = [...svc.rows.values()].filter((r) => r.name === 'Once');
    // Made at most once: refused as damaged, or keyed once and that key stored before the first send.
    const keys = svc.sent.filter((s) => s.method === 'POST').map((s) => s.key);
    expect(created.length).toBeLessThan(2);
    expect(new Set(keys).size).toBeLessThan(2);
    await outbox.close();
  });
});

describe('storedCopy: what a write keeps of its input', () => {
  it('refuses what no storage can keep, naming where it is, before anything is stored', async () => {
    const svc = service();
    const client = clientOf(svc);
    const storage = memoryStorage();
    const outbox = createOutbox(client, {
      storage,
      locks: false,
      BroadcastChannel: false,
      isOnline: () => true,
    });
    await outbox.ready;
    const looped: Record<string, unknown> = { name: 'x' };
    looped.self = looped;
    await expect(outbox.create(client.spendControls, { ...input('A'), onSaved: () => {} })).rejects.toThrow(
      new TypeError('input.onSaved is a function, which the outbox cannot store'),
    );
    await expect(outbox.create(client.spendControls, looped)).rejects.toThrow(/nests deeper than 64 levels/);
    await expect(
      outbox.update(client.spendControls, 'sc_1', { limit: { amount: Symbol('x') } }),
    ).rejects.toThrow('patch.limit.amount is a symbol');
    expect(await storage.keys()).toEqual([]);
    expect(outbox.entries).toEqual([]);
    await outbox.close();
  });

  it('keeps dates and other cloneable values as they are, and drops prototype keys', () => {
    const when = new Date('2026-01-02T00:00:00Z');
    const poisoned = JSON.parse('{"a":1,"__proto__":{"x":1},"nested":{"constructor":2,"b":[1,{"c":null}]}}');
    poisoned.nested.b[1].c = when;
    const copy = storedCopy(poisoned, 'input') as Record<string, unknown>;
    expect(copy).toEqual({ a: 1, nested: { b: [1, { c: when }] } });
    expect((copy.nested as { b: [number, { c: Date }] }).b[1].c).toBe(when);
    expect(Object.hasOwn(copy, '__proto__')).toBe(false);
  });
});
