// Found by review 43 (failed on an intermediate fix, 31f53bf): an entry read back from storage, whose base
// field had been a class instance with toJSON (a plain object after structured clone), conflicted with
// nobody once bases were compared by content at their own version.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createClient } from '../../client/createClient';
import { defineResource } from '../../resources/defineResource';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

class Money {
  constructor(
    readonly amount: number,
    readonly currency: string,
  ) {}
  toJSON() {
    return { amount: this.amount, currency: this.currency };
  }
}

const budgets = defineResource({
  type: 'budget',
  path: '/budgets',
  idKey: 'budget_id',
  schema: z.looseObject({
    budget_id: z.string(),
    version: z.number(),
    name: z.string(),
    cap: z
      .object({ amount: z.number(), currency: z.string() })
      .transform((v) => new Money(v.amount, v.currency)),
  }),
  updatable: ['name', 'cap'],
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function setup() {
  let current: Record<string, unknown> = {
    budget_id: 'b_1',
    version: 1,
    name: 'Team',
    cap: { amount: 100, currency: 'USD' },
  };
  const patches: unknown[] = [];
  const net = { online: true };
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!net.online) throw new TypeError('Failed to fetch');
    if (init.method === 'PATCH') {
      const patch = JSON.parse(String(init.body));
      patches.push(patch);
      current = { ...current, ...patch, version: (current.version as number) + 1 };
    }
    return json(current);
  };
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 't',
    fetch,
    retry: { maxAttempts: 1 },
  });
  return { client, patches, net, latest: () => current };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an entry restored from storage, of a class-typed field', () => {
  it('is sent at the version it was made on', async () => {
    const t = setup();
    const resource = t.client.resource(budgets);
    await resource.get('b_1');
    t.net.online = false;
    const storage = memoryStorage();
    const options = {
      storage,
      locks: false as const,
      BroadcastChannel: false as const,
      isOnline: () => t.net.online,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
      resources: [resource],
    };
    const outbox = createOutbox(t.client, options);
    await outbox.ready;
    outbox.update(resource, 'b_1', { cap: new Money(250, 'USD') }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    // The page reloads, still offline; nobody else writes. Then the device is back online.
    await outbox.close();
    const next = createOutbox(t.client, options);
    await next.ready;
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect({
      entries: next.entries.map((e) => [e.status, e.conflict?.fields]),
      patches: t.patches,
    }).toEqual({ entries: [], patches: [{ cap: { amount: 250, currency: 'USD' } }] });
    await next.close();
  });
});
