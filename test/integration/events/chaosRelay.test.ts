import { type Client, createClient, type EntityStore, getClientEvents } from '@vstore/core';
import { createService, type ListeningService, type Service } from '@vstore/service';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The service's `chaos` profile duplicates and reorders webhook deliveries (and adds 429s, 5xx
// and latency to requests). A client that follows only the relay must still end where the
// service ends, because every payload passes the version gate.

const IDS = ['sc_1', 'sc_2', 'sc_3'] as const;
const WRITES_PER_KEY = 8;

let service: Service | undefined;
let server: ListeningService | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await server?.close();
  await service?.close();
});

/** Versions of every spend control as each subscriber of the observer's store saw them. */
function watchVersions(store: EntityStore) {
  const seen = new Map<string, number[]>();
  for (const id of IDS) {
    const versions: number[] = [];
    seen.set(id, versions);
    cleanups.push(
      store.subscribe('spend_control', id, () => {
        const held = store.get<{ version: number }>('spend_control', id);
        if (held) versions.push(held.version);
      }),
    );
  }
  return seen;
}

/** Counts the observer's requests by path, to show it learns everything from the relay. */
function countingFetch(counts: Map<string, number>): typeof fetch {
  return (input, init) => {
    const path = new URL(String(input)).pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    return fetch(input, init);
  };
}

async function writeAll(writer: Client): Promise<number> {
  let failed = 0;
  await Promise.all(
    IDS.map(async (id) => {
      for (let i = 1; i <= WRITES_PER_KEY; i++) {
        // A 5xx after commit fails the call yet changes the service: the relay still reports it.
        await writer.spendControls.update(id, { name: `${id} rev ${i}` }).catch(() => failed++);
      }
    }),
  );
  return failed;
}

/** DELETE is not retried by the client on 5xx (it carries no key); repeating it is safe: the service answers with the running task. */
async function deleteAccount(writer: Client, id: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writer.accounts.delete(id);
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

describe('the event relay under the chaos profile', () => {
  it("leaves the observing client's state equal to the service's", async () => {
    service = createService({ faults: 'chaos', taskDurationMs: 300, sse: { retryMs: 100 } });
    server = await service.listen();
    const url = server.url;
    const getToken = () => 'dev-token';
    const fast = { baseDelayMs: 50, maxDelayMs: 1000 };
    const writer = createClient({ baseUrl: url, getToken, retry: fast });
    const counts = new Map<string, number>();
    const observer = createClient({ baseUrl: url, getToken, fetch: countingFetch(counts), retry: fast });

    // The page's first render: current state, fetched once. From then on, only the relay.
    await Promise.all(IDS.map((id) => observer.spendControls.get(id)));
    await observer.accounts.get('acc_2');
    const seen = watchVersions(observer.store);
    const errors: unknown[] = [];
    const disconnect = getClientEvents(observer).connect('/events');
    cleanups.push(disconnect);
    await vi.waitFor(() => expect(getClientEvents(observer).getConnectionState()).toBe('open'), {
      timeout: 10_000,
    });
    const requestsBefore = [...counts.entries()].filter(([p]) => p !== '/events');

    const failed = await writeAll(writer);
    const deletion = await deleteAccount(writer, 'acc_2');
    await writer.tasks
      .wait(deletion.task_id, { intervalMs: 50, factor: 1 })
      .catch((e: unknown) => errors.push(e));

    const state = () => service!.inspect();
    await vi.waitFor(
      () => {
        const s = state();
        for (const id of IDS)
          expect(observer.store.get('spend_control', id)?.version).toBe(s.spendControls[id]);
        expect(observer.store.get('task', deletion.task_id)).toMatchObject({
          status: s.tasks[deletion.task_id],
        });
        expect(observer.store.isRemoved('account', 'acc_2')).toBe(s.accounts.acc_2?.status === 'closed');
        // Every delivery, duplicates included, has also arrived (none is still on the wire).
        expect(getClientEvents(observer).getStats().received).toBe(s.webhooks.delivered);
      },
      { timeout: 20_000, interval: 50 },
    );

    const s = state();
    expect(errors).toEqual([]);
    expect(s.tasks[deletion.task_id]).toBe('completed');
    // Every write that succeeded made a version; a write that failed after commit may have too.
    const made = IDS.reduce((sum, id) => sum + (s.spendControls[id] ?? 1) - 1, 0);
    expect(made).toBeGreaterThanOrEqual(IDS.length * WRITES_PER_KEY - failed);
    expect(made).toBeLessThanOrEqual(IDS.length * WRITES_PER_KEY);
    for (const id of IDS) {
      const versions = seen.get(id) ?? [];
      expect(versions.every((v, i) => i === 0 || v > (versions[i - 1] ?? 0))).toBe(true);
    }
    // The observer asked the service for nothing but the stream after its first render.
    expect([...counts.entries()].filter(([p]) => p !== '/events')).toEqual(requestsBefore);
    const stats = getClientEvents(observer).getStats();
    // Duplicated and reordered deliveries did happen, and the gate refused them.
    expect(stats.duplicate + stats.stale).toBeGreaterThan(0);
    expect(stats.ignored + stats.unsupported).toBe(0);
    expect(stats.received).toBe(s.webhooks.delivered);
    console.info(`chaos relay: ${made} versions, ${failed} failed writes, events ${JSON.stringify(stats)}`);
  });
});
