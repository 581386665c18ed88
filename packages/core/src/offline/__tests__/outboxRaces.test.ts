// The outbox where writes can be lost or made twice: an entry discarded (here or in another tab)
// while it is being sent, a tab taking the lead from one that went away mid-PATCH, and stored
// entries a damaged storage gives back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spendControl } from '../../client/__tests__/scripted';
import { createClient } from '../../client/createClient';
import { createChannelHub } from '../../crossTab/__tests__/channelHub';
import type { LockManagerLike } from '../../crossTab/channelLocks';
import { createOutbox } from '../createOutbox';
import { memoryStorage, type OutboxStorage } from '../outboxStorage';

const control = (version: number) => spendControl(version);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A service of one spend control; `hold` makes the next GET wait until released. */
function service() {
  let current = control(1);
  const sent: { method: string; body?: unknown }[] = [];
  let gate: { wait: Promise<void>; release: () => void } | undefined;
  const state = { patchStatus: 200 };
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'PATCH' && state.patchStatus !== 200)
      return json({ message: 'unavailable' }, state.patchStatus);
    if (method === 'GET' && gate) {
      const { wait } = gate;
      gate = undefined;
      await wait;
    }
    if (method === 'PATCH') {
      current = { ...current, ...JSON.parse(String(init.body)), version: current.version + 1 };
    }
    void input;
    return json(current);
  };
  return {
    sent,
    state,
    fetch,
    hold() {
      let release!: () => void;
      const wait = new Promise<void>((r) => {
        release = r;
      });
      gate = { wait, release };
      return release;
    },
  };
}

const newClient = (svc: ReturnType<typeof service>) =>
  createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'tok',
    fetch: svc.fetch,
    retry: { maxAttempts: 1 },
  });

/** An outbox of one tab that needs no lock; online unless `isOnline` says otherwise. */
const localOutbox = (
  client: ReturnType<typeof createClient>,
  storage: OutboxStorage,
  options: Partial<Parameters<typeof createOutbox>[1]> = {},
) =>
  createOutbox(client, { storage, locks: false, BroadcastChannel: false, isOnline: () => true, ...options });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('outbox: discards, hand-overs and damaged storage', () => {
  it('sends nothing more for an entry discarded while its send is in flight', async () => {
    const svc = service();
    const client = newClient(svc);
    await client.spendControls.get('sc_1');
    const storage = memoryStorage();
    const outbox = localOutbox(client, storage);
    await outbox.ready;
    const release = svc.hold(); // the send's read of the latest waits
    const write = outbox.update(client.spendControls, 'sc_1', { name: 'Discarded' });
    write.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.entries[0]?.status).toBe('sending');
    await outbox.discard(outbox.entries[0]!.id);
    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(svc.sent.filter((s) => s.method === 'PATCH')).toEqual([]);
    expect(await storage.keys()).toEqual([]);
    await outbox.close();
  });

  it('keeps a discarded entry out of storage when its send marks it meanwhile (a slow delete, as IndexedDB)', async () => {
    const svc = service();
    const client = newClient(svc);
    await client.spendControls.get('sc_1');
    const memory = memoryStorage();
    // Applied in call order at once, as IndexedDB orders transactions; its answer comes 10 ms later.
    const storage = {
      ...memory,
      async delete(key: string) {
        await memory.delete(key);
        await new Promise((resolve) => setTimeout(resolve, 10));
      },
    };
    const outbox = localOutbox(client, storage);
    await outbox.ready;
    svc.state.patchStatus = 503; // the PATCH does not land this time
    const release = svc.hold();
    const write = outbox.update(client.spendControls, 'sc_1', { name: 'Discarded' });
    write.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const discarded = outbox.discard(outbox.entries[0]!.id);
    release(); // the read of the latest comes back while the delete is on its way
    await vi.advanceTimersByTimeAsync(100);
    await discarded;
    await outbox.close();
    // A reload restores whatever storage holds, and sends it.
    svc.state.patchStatus = 200;
    const reloaded = localOutbox(client, storage);
    await reloaded.ready;
    expect(reloaded.entries).toEqual([]);
    await reloaded.close();
  });

  it.each([
    ['an error that is not a record', { error: 'boom' }],
    ['a patch that is not an object', { patch: 'name=x' }],
    ['a madeAt that is not finite', { madeAt: Number.NaN }],
  ])('skips a damaged stored entry (%s) and still restores and sends the others', async (_, damage) => {
    const svc = service();
    const client = newClient(svc);
    await client.spendControls.get('sc_1');
    const storage = memoryStorage();
    const good = {
      id: 'good',
      kind: 'update',
      type: 'spend_control',
      entityId: 'sc_1',
      patch: { name: 'Kept' },
      baseVersion: 1,
      status: 'pending',
      madeAt: 1,
    };
    await storage.set('outbox:good', good);
    await storage.set('outbox:bad', { ...good, id: 'bad', entityId: 'sc_2', madeAt: 2, ...damage });
    const outbox = localOutbox(client, storage);
    await outbox.ready;
    await vi.advanceTimersByTimeAsync(100);
    expect(svc.sent.filter((s) => s.method === 'PATCH')).toEqual([
      { method: 'PATCH', body: { name: 'Kept' } },
    ]);
    await outbox.close();
  });

  it('keeps new writes of one entity in the order made after restoring an entry with a far-future madeAt', async () => {
    const svc = service();
    const client = newClient(svc);
    await client.spendControls.get('sc_1');
    const storage = memoryStorage();
    // A stored entry of another entity, held as failed, from a page whose clock (or storage) was wrong.
    await storage.set('outbox:odd', {
      id: 'odd',
      kind: 'update',
      type: 'spend_control',
      entityId: 'sc_9',
      patch: { name: 'x' },
      status: 'failed',
      madeAt: 1e300,
    });
    let online = false;
    const outbox = localOutbox(client, storage, { isOnline: () => online });
    await outbox.ready;
    const names = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8'];
    for (const name of names) void outbox.update(client.spendControls, 'sc_1', { name }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    online = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(
      svc.sent.filter((s) => s.method === 'PATCH').map((s) => (s.body as { name: string }).name),
    ).toEqual(names);
    await outbox.close();
  });

  it('gives a write the tab that went away was sending time to land before the next leader sends it again', async () => {
    // The service takes 500 ms to commit a PATCH it received, whatever happens to the connection.
    let current = control(1);
    const patches: unknown[] = [];
    const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'PATCH') {
        const patch = JSON.parse(String(init.body));
        patches.push(patch);
        await new Promise((resolve) => setTimeout(resolve, 500));
        current = { ...current, ...patch, version: current.version + 1 };
      }
      return json(current);
    };
    const tab = () =>
      createClient({ baseUrl: 'http://svc.test', getToken: () => 'tok', fetch, retry: { maxAttempts: 1 } });
    // One exclusive lock, granted in request order, released when the holder's callback settles.
    const queue: (() => void)[] = [];
    let held = false;
    const locks: LockManagerLike = {
      request: (_name, { signal }, callback) =>
        new Promise((resolve, reject) => {
          const run = () => {
            held = true;
            callback(null)
              .then(resolve, reject)
              .finally(() => {
                held = false;
                queue.shift()?.();
              });
          };
          if (!held) run();
          else {
            queue.push(run);
            signal?.addEventListener('abort', () => {
              queue.splice(queue.indexOf(run), 1);
              reject(signal.reason);
            });
          }
        }),
    };
    const hub = createChannelHub();
    const storage = memoryStorage();
    const options = { storage, locks, BroadcastChannel: hub.Channel, isOnline: () => true };
    const tabA = tab();
    const tabB = tab();
    await tabA.spendControls.get('sc_1');
    await tabB.spendControls.get('sc_1');
    const a = createOutbox(tabA, options);
    await a.ready;
    const b = createOutbox(tabB, options);
    await b.ready;
    void a.update(tabA.spendControls, 'sc_1', { name: 'Once' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(100); // A's PATCH reached the service, which is committing it
    expect(patches).toHaveLength(1);
    await a.close(); // tab A goes away; B takes the lead
    await vi.advanceTimersByTimeAsync(5000);
    expect(b.entries).toEqual([]);
    expect(current.version).toBe(2);
    expect(patches).toHaveLength(1);
    await b.close();
  });

  it('sends nothing for an entry another tab discarded while this tab was sending it', async () => {
    const svc = service();
    const tabA = newClient(svc);
    const tabB = newClient(svc);
    await tabA.spendControls.get('sc_1');
    const hub = createChannelHub();
    const storage = memoryStorage();
    // A sends (it needs no lock); B only shows the shared entries.
    const a = createOutbox(tabA, {
      storage,
      locks: false,
      BroadcastChannel: hub.Channel,
      isOnline: () => true,
    });
    await a.ready;
    const neverGranted: LockManagerLike = { request: () => new Promise(() => {}) };
    const b = createOutbox(tabB, { storage, locks: neverGranted, BroadcastChannel: hub.Channel });
    await b.ready;
    const release = svc.hold(); // A's read of the latest before its PATCH waits
    void a.update(tabA.spendControls, 'sc_1', { name: 'Discarded in B' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(10);
    expect(b.entries).toHaveLength(1);
    await b.discard(b.entries[0]!.id);
    await vi.advanceTimersByTimeAsync(10); // A hears of it
    expect(a.entries).toEqual([]);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(svc.sent.filter((s) => s.method === 'PATCH')).toEqual([]);
    await a.close();
    await b.close();
  });
});

describe('outbox: a discard whose storage delete fails', () => {
  it('keeps the entity order: its next write waits, and goes after the entry the failed delete put back', async () => {
    const svc = service();
    const client = newClient(svc);
    await client.spendControls.get('sc_1');
    const memory = memoryStorage();
    let failDelete = false;
    const storage = {
      ...memory,
      async delete(key: string) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (failDelete) throw new Error('quota');
        await memory.delete(key);
      },
    };
    const outbox = localOutbox(client, storage, { onConflict: 'rebase' });
    await outbox.ready;
    const release = svc.hold(); // the first send's read of the latest waits
    const first = outbox.update(client.spendControls, 'sc_1', { name: 'A' });
    const second = outbox.update(client.spendControls, 'sc_1', { name: 'B' });
    first.catch(() => {});
    second.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.entries.map((e) => e.status)).toEqual(['sending', 'pending']);
    failDelete = true;
    const discarded = outbox.discard(outbox.entries[0]!.id).catch((e: unknown) => e);
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await discarded).toMatchObject({ name: 'OutboxStorageError' });
    const patches = svc.sent
      .filter((s) => s.method === 'PATCH')
      .map((s) => (s.body as { name: string }).name);
    // The discard failed, so A still stands before B: B must not go out first and be written over by A.
    expect(patches).toEqual(['A', 'B']);
    await outbox.close();
  });
});

describe('outbox: a discard during which a listener throws', () => {
  it('fails whole (the entry stays) and leaves its entity free to send', async () => {
    const svc = service();
    const client = newClient(svc);
    await client.spendControls.get('sc_1');
    let online = false;
    const outbox = localOutbox(client, memoryStorage(), { isOnline: () => online });
    await outbox.ready;
    void outbox.update(client.spendControls, 'sc_1', { name: 'A' }).catch(() => {});
    const second = outbox.update(client.spendControls, 'sc_1', { name: 'B' });
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.entries).toHaveLength(2);
    // An app listener with a bug: it throws once, as the discard takes the entry out.
    let thrown = false;
    outbox.subscribe(() => {
      if (!thrown && outbox.entries.length === 1) {
        thrown = true;
        throw new Error('a listener bug');
      }
    });
    await expect(outbox.discard(outbox.entries[0]?.id ?? '')).rejects.toThrow('a listener bug');
    expect(outbox.entries).toHaveLength(2);
    online = true;
    await vi.advanceTimersByTimeAsync(10_000);
    const patches = svc.sent
      .filter((s) => s.method === 'PATCH')
      .map((s) => (s.body as { name: string }).name);
    expect(patches).toEqual(['A', 'B']);
    await expect(second).resolves.toMatchObject({ name: 'B' });
    await outbox.close();
  });
});
