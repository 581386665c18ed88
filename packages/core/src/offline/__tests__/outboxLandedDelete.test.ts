// Found by review 33 (failed before its mend): applyLanded lets the tab that made a write hold what
// another tab's send of it landed with, but only for creates and updates: a deletion made in tab B
// and sent by tab A leaves the deleted account in B's store and readers (A's are cleared), until
// something reads it again.
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { createChannelHub } from '../../crossTab/__tests__/channelHub';
import type { LockManagerLike } from '../../crossTab/channelLocks';
import { observeResource } from '../../observers/observeResource';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function service() {
  let deleted = false;
  const account = {
    account_id: 'acc_1',
    version: 1,
    version_time: '2026-01-01T00:00:00Z',
    name: 'Main',
    status: 'active',
    currency: 'USD',
  };
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(String(input)).pathname;
    if (path === '/accounts/acc_1' && method === 'DELETE') {
      deleted = true;
      return json({ task_id: 'task_1', status: 'pending' }, 202);
    }
    if (path === '/tasks/task_1') return json({ task_id: 'task_1', status: 'completed' });
    if (path === '/accounts/acc_1' && !deleted) return json(account);
    return json({ message: 'missing', type: 'NotFound', trace_id: 't' }, 404);
  };
  return { fetch };
}

const clientOf = (svc: ReturnType<typeof service>) =>
  createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'tok',
    fetch: svc.fetch,
    retry: { maxAttempts: 1 },
  });

describe('a deletion made in one tab and sent by another', () => {
  it('leaves the tab that made it without the deleted account, as the sending tab is', async () => {
    const svc = service();
    const hub = createChannelHub();
    const storage = memoryStorage();
    const name = 'two-tabs-delete';
    const tabA = clientOf(svc);
    const tabB = clientOf(svc);
    await tabA.accounts.get('acc_1');
    await tabB.accounts.get('acc_1');
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
    const shownInB = observeResource(tabB.accounts, 'acc_1', { maxAgeMs: 60_000 });
    const off = shownInB.subscribe(() => {});
    let done = 'pending';
    void b.delete(tabB.accounts, 'acc_1').then(
      () => {
        done = 'landed';
      },
      (e: Error) => {
        done = e.name;
      },
    );
    await vi.waitFor(() => expect(done).not.toBe('pending'), { timeout: 8_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outcome = {
      done,
      entriesB: b.entries.length,
      inA: tabA.store.get('account', 'acc_1') === undefined ? 'gone' : 'held',
      inB: tabB.store.get('account', 'acc_1') === undefined ? 'gone' : 'held',
      shownInB: shownInB.getResult().data?.account_id ?? 'none',
    };
    off();
    await a.close();
    await b.close();
    expect(outcome).toEqual({ done: 'landed', entriesB: 0, inA: 'gone', inB: 'gone', shownInB: 'none' });
  });
});
