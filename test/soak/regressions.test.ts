import { createClient, createSseConnection, getClientEvents, type SpendControl } from '@vstore/core';
import { createOutbox, memoryStorage } from '@vstore/core/offline';
import { createService } from '@vstore/service';
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CuttingFetch, cuttingFetch } from './cuttingFetch';

// Minimal reproductions of bugs the chaos soak found, in virtual time. Each stays here, named after
// what it shows, once the fix lands in its package.

afterEach(() => {
  vi.useRealTimers();
});

// The event stream's code loads on the first connection, and fake timers do not drive an import:
// one connection opens in real time first (see docs/guide/testing.md, "Time").
beforeAll(async () => {
  const stream = () => new Response(': open\n\n', { headers: { 'content-type': 'text/event-stream' } });
  const connection = createSseConnection('http://service.test/events', {
    onMessage: () => {},
    fetch: async () => stream(),
  });
  await firstValueFrom(connection.state$.pipe(filter((state) => state !== 'connecting')));
  connection.close();
});

const control = (id: string) => ({
  spend_control_id: id,
  version: 1,
  version_time: '2026-01-01T00:00:00.000Z',
  name: id,
  status: 'active',
  limit: { amount: 1, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const rateLimited = () =>
  json(
    429,
    { message: 'Too many requests.', type: 'RateLimitExceeded', trace_id: 'trace_1' },
    { 'retry-after': '1' },
  );

/** The service with a short `retry:`, and a writer client that reaches it in process. */
function relay() {
  const service = createService({ sse: { retryMs: 100, heartbeatMs: 60_000 } });
  const inProcess: typeof fetch = (input, init) => service.fetch(new Request(input, init));
  const writer = createClient({
    baseUrl: 'http://service.test',
    getToken: () => 'dev-token',
    fetch: inProcess,
  });
  return { service, inProcess, writer };
}

/** A client whose requests go through `cutter`, recording the Last-Event-ID each one sent. */
function observerThrough(cutter: CuttingFetch) {
  const sentIds: (string | null)[] = [];
  const observer = createClient({
    baseUrl: 'http://service.test',
    getToken: () => 'dev-token',
    fetch: (input, init) => {
      sentIds.push(new Headers(init?.headers).get('last-event-id'));
      return cutter.fetch(input, init);
    },
  });
  return { observer, sentIds, events: getClientEvents(observer) };
}

describe('soak regressions', () => {
  it('holds a request that waits out one Retry-After until a later 429 of the same client has passed too', async () => {
    vi.useFakeTimers({ now: 0 });
    const sent: { id: string; at: number }[] = [];
    const attempts = new Map<string, number>();
    // sc_a: 429 at once; sc_b: 429 after 500 ms (a reply that was slow to arrive); then 200s.
    const fakeFetch: typeof fetch = (input) => {
      const id = String(input).split('/').at(-1) ?? '';
      const n = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, n);
      sent.push({ id, at: Date.now() });
      const limited = n === 1 && (id === 'sc_a' || id === 'sc_b');
      const delay = limited && id === 'sc_b' ? 500 : 0;
      return new Promise((resolve) =>
        setTimeout(() => resolve(limited ? rateLimited() : json(200, control(id))), delay),
      );
    };
    const client = createClient({
      baseUrl: 'http://service.test',
      getToken: () => 'token',
      fetch: fakeFetch,
      random: () => 0,
      retry: { budget: false },
    });

    const a = client.spendControls.get('sc_a');
    const b = client.spendControls.get('sc_b');
    await vi.advanceTimersByTimeAsync(100);
    // Issued inside the window of sc_a's 429 (0 → 1000 ms); sc_b's 429 at 500 ms extends it to 1500 ms.
    const c = client.spendControls.get('sc_c');
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all([a, b, c]);

    const cAt = sent.find((s) => s.id === 'sc_c')?.at;
    expect(cAt).toBeGreaterThanOrEqual(1500);
  });

  it('loses no webhook when a stream breaks inside an event and the next one breaks right after its opening comment', async () => {
    vi.useFakeTimers({ now: 0 });
    const { service, inProcess, writer } = relay();
    await writer.spendControls.update('sc_1', { name: 'rev 1' });
    await writer.spendControls.update('sc_1', { name: 'rev 2' });
    // Stream 0: the opening comment, delivery 1, then delivery 2 up to its last byte before the blank
    // line. Stream 1: its opening comment (which committed delivery 2's id), then the break.
    const cutter = cuttingFetch(inProcess, (stream, block, bytes) =>
      (stream === 0 && block === 2) || (stream === 1 && block === 1) ? bytes - 1 : undefined,
    );
    const { observer, sentIds, events } = observerThrough(cutter);
    const disconnect = events.connect('/events', { lastEventId: '0' });
    for (let i = 0; i < 20 && events.getStats().received < 2; i++) await vi.advanceTimersByTimeAsync(250);
    disconnect();
    await service.close();

    expect(cutter.cuts()).toBe(2);
    expect(sentIds).toEqual(['0', '1', '1']);
    expect(events.getStats()).toMatchObject({ received: 2, applied: 2 });
    expect(observer.store.get('spend_control', 'sc_1')).toMatchObject({ name: 'rev 2' });
  });

  // Found by the soak's long mode: a first connection (no id yet) that broke before its first webhook
  // reconnected without Last-Event-ID, and the relay started from "now" again: what it published
  // between the two streams reached neither. The relay now names its position in a `ready` event.
  it('loses no webhook when a first stream breaks before its first webhook', async () => {
    vi.useFakeTimers({ now: 0 });
    const { service, inProcess, writer } = relay();
    await writer.spendControls.update('sc_1', { name: 'rev 1' });
    // Stream 0: the opening comment, `ready` (id 1), then delivery 2 cut before its blank line.
    const cutter = cuttingFetch(inProcess, (stream, block, bytes) =>
      stream === 0 && block === 2 ? bytes - 1 : undefined,
    );
    const { observer, sentIds, events } = observerThrough(cutter);
    const disconnect = events.connect('/events');
    for (let i = 0; i < 20 && events.getLastEventId() === undefined; i++)
      await vi.advanceTimersByTimeAsync(10);
    expect(events.getLastEventId()).toBe('1');
    await writer.spendControls.update('sc_1', { name: 'rev 2' });
    for (let i = 0; i < 20 && events.getStats().received < 1; i++) await vi.advanceTimersByTimeAsync(250);
    disconnect();
    await service.close();

    expect(cutter.cuts()).toBe(1);
    expect(sentIds).toEqual([null, '1']);
    expect(events.getStats()).toMatchObject({ received: 1, applied: 1 });
    expect(observer.store.get('spend_control', 'sc_1')).toMatchObject({ name: 'rev 2' });
  });

  // Found by the soak's outbox clients (short mode, seed 2, one run in three: client 0's status lane
  // on sc_soak_2 ended `active → … → paused` with its last write, `active`, resolved as landed with
  // v16 `paused`). An outbox settles a lost answer by looking for the write in any version after the
  // entry's base. Writes queued on one entity share that base (the version held when they were made),
  // so a version an earlier queued write made can hold the same value as a later one (pause, resume,
  // pause) and stand as the later one's landing: it resolves as landed and is never sent.
  it('does not take an earlier queued write of the same value for a later write whose answer was lost', async () => {
    vi.useFakeTimers({ now: 0 });
    const service = createService({ rateLimit: false });
    const network = { online: true, patches: 0 };
    const fetchImpl: typeof fetch = async (input, init) => {
      if (!network.online) throw new TypeError('fetch failed', { cause: { code: 'ENETUNREACH' } });
      // The third PATCH never reaches the service (a refused connection; a 5xx before commit alike).
      if (init?.method === 'PATCH' && ++network.patches === 3)
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return service.fetch(new Request(input, init));
    };
    const client = createClient({
      baseUrl: 'http://service.test',
      getToken: () => 'dev-token',
      fetch: fetchImpl,
      retry: { maxAttempts: 1 },
    });
    await client.spendControls.get('sc_1'); // v1, active
    network.online = false;
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => network.online,
      backoff: { baseDelayMs: 10, maxDelayMs: 10 },
    });
    await outbox.ready;
    // Pause, resume, pause again, all made offline over the held v1.
    const writes = (['paused', 'active', 'paused'] as const).map((status) =>
      outbox.update<SpendControl>(client.spendControls, 'sc_1', { status }),
    );
    let settled = 0;
    for (const write of writes) void write.finally(() => settled++);
    network.online = true;
    for (let i = 0; i < 40 && settled < writes.length; i++) await vi.advanceTimersByTimeAsync(50);
    const [, , third] = await Promise.all(writes);
    const history = await client.spendControls.history('sc_1');
    await outbox.close();

    // The third write resolved as landed: its entity must hold it, and so must the service.
    expect(third?.status).toBe('paused');
    expect(history.map((v) => v.status)).toEqual(['active', 'paused', 'active', 'paused']);
  });
});
