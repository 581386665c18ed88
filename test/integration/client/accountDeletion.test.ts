import { ApiError } from '@vstore/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('account deletion over HTTP', () => {
  it('follows the 202 task to completion, then the account is gone here and on the service', async () => {
    harness = await startHarness({ rateLimit: false, taskDurationMs: 300 });
    const client = harness.client();
    await client.accounts.get('acc_2');
    const task = await client.accounts.delete('acc_2');
    expect(['pending', 'running']).toContain(task.status);

    const statuses: string[] = [];
    await new Promise<void>((resolve, reject) => {
      client.tasks
        .poll(task.task_id, { intervalMs: 50, factor: 1.5, maxIntervalMs: 200, maxDurationMs: 10_000 })
        .subscribe({ next: (t) => statuses.push(t.status), error: reject, complete: resolve });
    });
    expect(statuses.at(-1)).toBe('completed');
    expect(new Set(statuses).size).toBe(statuses.length);
    expect(client.store.get('account', 'acc_2')).toBeUndefined();
    expect(client.store.get('task', task.task_id)).toMatchObject({ status: 'completed' });

    const error = await client.accounts.get('acc_2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).supportInfo()).toMatchObject({ resource_id: 'acc_2', method: 'GET' });
  });

  it('resolves wait() with the completed task', async () => {
    harness = await startHarness({ rateLimit: false, taskDurationMs: 200 });
    const client = harness.client();
    const task = await client.accounts.delete('acc_1');
    const done = await client.tasks.wait(task.task_id, { intervalMs: 50, maxDurationMs: 10_000 });
    expect(done.status).toBe('completed');
  });
});
