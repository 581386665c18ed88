// Found by review 43 (failed on an intermediate fix, 31f53bf): on an unversioned resource, an earlier
// entry the service normalised ('Team A ' stored as 'Team A') made the next entry a conflict once bases
// were compared by content at their own version.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createClient } from '../../client/createClient';
import { defineResource } from '../../resources/defineResource';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

const labels = defineResource({
  type: 'label',
  path: '/labels',
  idKey: 'label_id',
  schema: z.looseObject({ label_id: z.string(), name: z.string() }),
  updatable: ['name'],
  versioned: false,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a later entry after an earlier one the service normalised', () => {
  it('is sent, not held as a conflict with its own earlier write', async () => {
    let current = { label_id: 'l_1', name: 'Team' };
    const patches: unknown[] = [];
    const net = { online: true };
    const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      if (!net.online) throw new TypeError('Failed to fetch');
      if (init.method === 'PATCH') {
        const patch = JSON.parse(String(init.body));
        patches.push(patch);
        // The service trims names.
        current = { ...current, name: String(patch.name).trim() };
      }
      return json(current);
    };
    const client = createClient({
      baseUrl: 'http://svc.test',
      getToken: () => 't',
      fetch,
      retry: { maxAttempts: 1 },
    });
    const resource = client.resource(labels);
    await resource.get('l_1');
    net.online = false;
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => net.online,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
      resources: [resource],
    });
    await outbox.ready;
    outbox.update(resource, 'l_1', { name: 'Team A ' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    outbox.update(resource, 'l_1', { name: 'Team B' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    net.online = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect({ entries: outbox.entries.map((e) => e.status), name: current.name }).toEqual({
      entries: [],
      name: 'Team B',
    });
    await outbox.close();
  });
});
