import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createService } from '../createService';
import { call } from './request';

describe('account routes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('deletes through a task: 202 pending, closing meanwhile, 404 once completed', async () => {
    const service = createService({ taskDurationMs: 400 });
    const accepted = await call(service, '/accounts/acc_2', { method: 'DELETE' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({
      status: 'pending',
      operation: 'account.delete',
      resource_id: 'acc_2',
    });
    expect(accepted.headers.get('location')).toBe(`/tasks/${accepted.body.task_id}`);
    expect((await call(service, '/accounts/acc_2')).body).toMatchObject({ status: 'closing', version: 2 });
    const repeat = await call(service, '/accounts/acc_2', { method: 'DELETE' });
    expect(repeat.body.task_id).toBe(accepted.body.task_id);
    await vi.advanceTimersByTimeAsync(400);
    expect((await call(service, `/tasks/${accepted.body.task_id}`)).body.status).toBe('completed');
    expect((await call(service, '/accounts/acc_2')).status).toBe(404);
    expect((await call(service, '/accounts/acc_2', { method: 'DELETE' })).status).toBe(404);
  });

  it('forbids changes to controls of a closing account with AccountNotActive', async () => {
    const service = createService({ taskDurationMs: 1000 });
    await call(service, '/accounts/acc_1', { method: 'DELETE' });
    const patch = await call(service, '/spend_controls/sc_1', { method: 'PATCH', body: { name: 'x' } });
    expect(patch).toMatchObject({ status: 422, body: { type: 'AccountNotActive' } });
  });

  it('brings the account back to active when the deletion fails or is cancelled', async () => {
    for (const outcome of ['failed', 'cancelled'] as const) {
      const service = createService({ taskDurationMs: 100, taskOutcome: outcome });
      const { body } = await call(service, '/accounts/acc_1', { method: 'DELETE' });
      await vi.advanceTimersByTimeAsync(100);
      expect((await call(service, `/tasks/${body.task_id}`)).body.status).toBe(outcome);
      expect((await call(service, '/accounts/acc_1')).body).toMatchObject({ status: 'active', version: 3 });
      await service.close();
    }
  });

  it('refuses a version parameter: accounts have no historical reads', async () => {
    const service = createService();
    const result = await call(service, '/accounts/acc_1?version=1');
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([
      expect.objectContaining({ field: 'version', code: 'unsupported_parameter' }),
    ]);
  });
});
