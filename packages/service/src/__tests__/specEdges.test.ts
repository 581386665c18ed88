// Edges of the spec an independent review found answered wrongly: a deeply nested body, a fault
// setting that is not delay-seconds, a task's Location under basePath, and an admin path's methods.
import { describe, expect, it } from 'vitest';
import { createService } from '../createService';
import { call } from './request';

const invoices = {
  invoices: {
    type: 'invoice',
    idKey: 'invoice_id',
    updatable: ['status', 'meta'],
    seed: [{ invoice_id: 'inv_1', status: 'draft' }],
  },
};
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('a deeply nested body', () => {
  it('is a 400 before anything is stored, and the resource stays readable', async () => {
    const service = createService({ resources: invoices });
    const patch = await call(service, '/invoices/inv_1', {
      method: 'PATCH',
      body: `{"meta":${nested(5000)}}`,
    });
    expect(patch.status).toBe(400);
    expect(patch.body).toMatchObject({ type: 'RequestValidationError', errors: [{ code: 'too_deep' }] });
    expect(await call(service, '/invoices/inv_1')).toMatchObject({ status: 200, body: { version: 1 } });
    expect((await call(service, '/invoices')).status).toBe(200);
    expect(
      (await call(service, '/invoices/inv_1', { method: 'PATCH', body: `{"meta":${nested(60)}}` })).status,
    ).toBe(200);
  });

  it('in a keyed create is refused each time, creating nothing', async () => {
    const service = createService({ resources: invoices });
    const body = `{"status":"draft","meta":${nested(2500)}}`;
    const headers = { 'idempotency-key': 'k-deep' };
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await call(service, '/invoices', { method: 'POST', body, headers })).status).toBe(400);
    expect(service.inspect().creates.byIdempotencyKey['k-deep'] ?? 0).toBe(0);
  });
});

describe('fault settings', () => {
  it('refuse a Retry-After that is not whole seconds, in code as over the admin route', async () => {
    for (const seconds of [2.5, -1, [0, 1.5], [3, 1]])
      expect(() =>
        createService({
          faults: { rateLimitBurstRate: 1, rateLimitBurstRetryAfterSeconds: seconds as never },
        }),
      ).toThrow(/whole seconds/);
    const service = createService();
    const refused = await call(service, '/__admin/faults', {
      method: 'POST',
      body: { faults: { rateLimitBurstRetryAfterSeconds: 2.5 } },
    });
    expect(refused.status).toBe(400);
    expect(() => createService({ faults: { rateLimitBurstRetryAfterSeconds: 0 } })).not.toThrow();
    const limited = createService({ faults: { rateLimitBurstRate: 1, rateLimitBurstRetryAfterSeconds: 2 } });
    const answer = await call(limited, '/spend_controls/sc_1');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('2');
  });
});

describe('routes under a basePath', () => {
  it('give a deletion task a Location that can be followed', async () => {
    const service = createService({ basePath: '/v1', taskDurationMs: 60_000 });
    const accepted = await call(service, '/v1/accounts/acc_1', { method: 'DELETE' });
    expect(accepted.status).toBe(202);
    const location = accepted.headers.get('location') ?? '';
    expect(location).toBe('/v1/tasks/task_1');
    expect((await call(service, location)).status).toBe(200);
    await service.close();
  });
});

describe('admin paths', () => {
  it('answer a method they do not serve with 405 and Allow, like every other path', async () => {
    const service = createService();
    const faults = await call(service, '/__admin/faults', { method: 'PROPFIND', body: { profile: 'none' } });
    expect(faults.status).toBe(405);
    expect(faults.headers.get('allow')).toBe('GET, POST, OPTIONS');
    const state = await call(service, '/__admin/state', { method: 'POST', body: {} });
    expect(state.status).toBe(405);
    expect((await call(service, '/__admin/nothing')).status).toBe(404);
  });
});
