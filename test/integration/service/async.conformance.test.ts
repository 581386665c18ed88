import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents, type Running, start, TOKEN } from './support';

// The service runs on an injected clock: the test moves time, the service derives task status from it.
describe('service conformance: asynchronous work', () => {
  let t = Date.UTC(2025, 5, 1);
  let s: Running;
  beforeAll(async () => {
    s = await start({
      rateLimit: false,
      now: () => t,
      taskDurationMs: 1000,
      taskOutcome: (task) =>
        task.resource_id === 'acc_fail'
          ? 'failed'
          : task.resource_id === 'acc_stop'
            ? 'cancelled'
            : 'completed',
      seed: {
        accounts: ['acc_1', 'acc_2', 'acc_fail', 'acc_stop'].map((id) => ({
          account_id: id,
          name: id,
          currency: 'USD',
        })),
      },
    });
  });
  afterAll(() => s.close());

  it('Status 202: account deletion answers 202 with a task showing current, not final, state', async () => {
    const answer = await s.api('DELETE', '/accounts/acc_1');
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ task_id: expect.any(String), status: 'pending' });
  });

  it('Asynchronous polling 1: a task moves pending → running → completed, and completed is final', async () => {
    const { body } = await s.api('DELETE', '/accounts/acc_2');
    const poll = async () => (await s.api('GET', `/tasks/${body.task_id}`)).body.status;
    expect(await poll()).toBe('pending');
    t += 250;
    expect(await poll()).toBe('running');
    t += 750;
    expect(await poll()).toBe('completed');
    t += 10_000;
    expect(await poll()).toBe('completed');
  });

  it('Account deletion: once its task completes, the account reads 404', async () => {
    expect((await s.api('GET', '/accounts/acc_2')).status).toBe(404);
  });

  it('Task status: failed is terminal and the account stays', async () => {
    const { body } = await s.api('DELETE', '/accounts/acc_fail');
    t += 1000;
    expect((await s.api('GET', `/tasks/${body.task_id}`)).body).toMatchObject({
      status: 'failed',
      error: { type: 'TaskFailed' },
    });
    t += 1000;
    expect((await s.api('GET', `/tasks/${body.task_id}`)).body.status).toBe('failed');
    expect((await s.api('GET', '/accounts/acc_fail')).body.status).toBe('active');
  });

  it('Task status: cancelled is terminal', async () => {
    const { body } = await s.api('DELETE', '/accounts/acc_stop');
    t += 5000;
    expect((await s.api('GET', `/tasks/${body.task_id}`)).body.status).toBe('cancelled');
    expect((await s.api('GET', '/accounts/acc_stop')).status).toBe(200);
  });

  it('Events 1: every change of a deletion is delivered, and Last-Event-ID resumes after the last one seen', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const live = await openEvents(`${s.url}/events`, auth);
    const { body } = await s.api('DELETE', '/accounts/acc_stop');
    t += 1000;
    await s.api('GET', `/tasks/${body.task_id}`);
    const events = await live.until((e) => e.length >= 5);
    live.close();
    expect(events.map((e) => JSON.parse(e.data).event_type)).toEqual([
      'account.updated',
      'task.created',
      'task.updated',
      'account.updated',
      'task.updated',
    ]);
    const ids = events.map((e) => e.id ?? 0);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // The first connect named where it began (a `ready` event before any delivery): one that broke
    // before its first webhook resumes from there.
    expect(live.named[0]).toMatchObject({ event: 'ready', id: (ids[0] ?? 1) - 1 });

    const resumed = await openEvents(`${s.url}/events`, { ...auth, 'last-event-id': String(ids[2]) });
    const replay = await resumed.until((e) => e.length >= 2);
    resumed.close();
    expect(replay.map((e) => e.id)).toEqual(ids.slice(3));
    // A resumed stream has an id already: no `ready`.
    expect(resumed.named).toEqual([]);
  });
});
