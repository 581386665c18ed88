import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, scriptedClient } from '../../client/__tests__/scripted';
import { getClientEvents } from '../../client/getClientEvents';
import { TaskFailedError } from '../../errors/taskFailedError';
import type { HttpRequest } from '../../http/request';
import { loadPollEngine } from '../../tasks/pollEngine';

// The polling engine is a dynamic import, which Vitest serves with real I/O that fake timers do not
// advance: bring it in first, so these tests time the polls themselves (lazyPoll.test.ts tests the load).
beforeAll(() => loadPollEngine());

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const account = {
  account_id: 'acc_1',
  version: 1,
  version_time: '2024-01-01T00:00:00Z',
  name: 'Acme',
  status: 'active',
  currency: 'USD',
};

/** Account deletion that completes on the third task read (or ends as `outcome`). */
function deletion(outcome = 'completed') {
  let reads = 0;
  return (q: HttpRequest) => {
    if (q.method === 'DELETE') return reply(202, { task_id: 'task_1', status: 'pending' });
    if (q.url.endsWith('/accounts/acc_1')) return reply(200, account);
    reads++;
    return reply(200, { task_id: 'task_1', status: reads < 3 ? 'running' : outcome });
  };
}

describe('accounts.delete and tasks', () => {
  it('answers with the 202 task, applied to the store', async () => {
    const { client, requests } = scriptedClient(deletion());
    const task = await client.accounts.delete('acc_1');
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: 'https://api.test/accounts/acc_1' });
    expect(task).toMatchObject({ task_id: 'task_1', status: 'pending' });
    expect(client.store.get('task', 'task_1')).toBe(task);
  });

  it('waits for the deletion to complete and then removes the account from the store', async () => {
    const { client } = scriptedClient(deletion());
    await client.accounts.get('acc_1');
    const task = await client.accounts.delete('acc_1');
    const done = client.tasks.wait(task.task_id);
    await vi.advanceTimersByTimeAsync(2500);
    expect(await done).toMatchObject({ status: 'completed' });
    expect(client.store.get('account', 'acc_1')).toBeUndefined();
    expect(client.store.isRemoved('account', 'acc_1')).toBe(true);
  });

  it('keeps the account when the deletion fails', async () => {
    const { client } = scriptedClient(deletion('failed'));
    await client.accounts.get('acc_1');
    const task = await client.accounts.delete('acc_1');
    const done = client.tasks.wait(task.task_id).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2500);
    expect(await done).toBeInstanceOf(TaskFailedError);
    expect(client.store.get('account', 'acc_1')).toBeDefined();
  });

  it('removes the account when its deletion completes through an event, with no poll in this tab', async () => {
    const { client, requests } = scriptedClient(deletion());
    await client.accounts.get('acc_1');
    await client.accounts.delete('acc_1');
    const data = { task_id: 'task_1', status: 'completed' };
    getClientEvents(client).ingest({ schema_version: '1.0', event_type: 'task.updated', data });
    expect(client.store.isRemoved('account', 'acc_1')).toBe(true);
    expect(requests.map((q) => q.method)).toEqual(['GET', 'DELETE']);
  });

  it('removes the account when another tab brings the completed task into the store', async () => {
    const { client } = scriptedClient(deletion());
    await client.accounts.get('acc_1');
    await client.accounts.delete('acc_1');
    client.store.apply('task', 'task_1', { task_id: 'task_1', status: 'completed' }, 'broadcast');
    expect(client.store.isRemoved('account', 'acc_1')).toBe(true);
  });

  it('removes the account at once when the 202 itself reports the deletion completed', async () => {
    const { client } = scriptedClient((q) =>
      q.method === 'DELETE' ? reply(202, { task_id: 'task_1', status: 'completed' }) : reply(200, account),
    );
    await client.accounts.get('acc_1');
    await client.accounts.delete('acc_1');
    expect(client.store.isRemoved('account', 'acc_1')).toBe(true);
  });

  it('never moves a task back to an earlier status in the store', async () => {
    const statuses = ['completed', 'running'];
    const { client } = scriptedClient((_, i) => reply(200, { task_id: 'task_1', status: statuses[i] }));
    await client.tasks.get('task_1');
    const again = await client.tasks.get('task_1');
    expect(again.status).toBe('completed');
  });

  it('lets wait be aborted, stopping the polling', async () => {
    const { client, requests } = scriptedClient(() => reply(200, { task_id: 'task_1', status: 'running' }));
    const controller = new AbortController();
    const done = client.tasks.wait('task_1', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new Error('closed'));
    expect(await done).toMatchObject({ message: 'closed' });
    const sent = requests.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(sent);
  });
});
