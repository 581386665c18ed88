import { afterEach, describe, expect, it } from 'vitest';
import { openEvents, type Running, type ServiceOptions, start, TOKEN, waitFor } from './support';

const invoices: NonNullable<ServiceOptions['resources']> = {
  invoices: {
    type: 'invoice',
    idKey: 'invoice_id',
    updatable: ['status', 'total'],
    history: true,
    seed: [{ invoice_id: 'inv_1', status: 'draft', total: 10 }],
  },
};

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const fields = (body: Record<string, unknown>) =>
  (body.errors as { field?: string; code: string }[]).map((e) => `${e.field}:${e.code}`);

describe('a declared resource over HTTP', () => {
  it('serves a seeded invoice at version 1, PATCHes it to version 2, and reads either version back', async () => {
    running = await start({ resources: invoices });
    const first = await running.api('GET', '/invoices/inv_1');
    expect(first).toMatchObject({
      status: 200,
      body: { invoice_id: 'inv_1', version: 1, status: 'draft', total: 10 },
    });
    expect(first.body.version_time).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const patched = await running.api('PATCH', '/invoices/inv_1', { body: { total: 25 } });
    expect(patched).toMatchObject({ status: 200, body: { invoice_id: 'inv_1', version: 2, total: 25 } });
    expect((await running.api('GET', '/invoices/inv_1?version=1')).body).toMatchObject({
      version: 1,
      total: 10,
    });
    expect((await running.api('GET', '/invoices/inv_1?version=0')).body).toMatchObject({ version: 2 });
    expect((await running.api('GET', '/invoices/inv_1?version=3')).body).toMatchObject({
      type: 'VersionNotFound',
    });
    const history = await running.api('GET', '/invoices/inv_1/history');
    expect(
      (history.body.data as { version: number; total: number }[]).map((v) => [v.version, v.total]),
    ).toEqual([
      [1, 10],
      [2, 25],
    ]);
    expect((await running.api('GET', '/invoices/inv_9')).status).toBe(404);
  });

  it('refuses a PATCH naming any field outside updatable with 400, one errors entry each', async () => {
    running = await start({ resources: invoices });
    const answer = await running.api('PATCH', '/invoices/inv_1', {
      body: { total: 1, invoice_id: 'x', version: 3, version_time: 'now', customer: 'y' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe('RequestValidationError');
    expect(fields(answer.body)).toEqual([
      'invoice_id:read_only_field',
      'version:read_only_field',
      'version_time:read_only_field',
      'customer:unknown_field',
    ]);
    const empty = await running.api('PATCH', '/invoices/inv_1', { body: {} });
    expect(fields(empty.body)).toEqual(['undefined:empty_update']);
    const proto = await running.api('PATCH', '/invoices/inv_1', { body: '{"__proto__":{"polluted":1}}' });
    expect(proto.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(running.service.inspect().resources).toEqual({ invoice: { inv_1: 1 } });
  });

  it('creates invoice_<n> at version 1; a key replays, another body gets 422, a key in flight 409', async () => {
    running = await start({ resources: invoices, writeDelayMs: 150 });
    const { api } = running;
    const key = { 'idempotency-key': 'inv-create-1' };
    const service = running.service;
    const [made, inFlight] = await Promise.all([
      api('POST', '/invoices', { body: { status: 'draft', total: 99 }, headers: key }),
      // The first create sits in its 150 ms write window: once the service holds its key, send again.
      waitFor(() => service.inspect().idempotency.inFlight.includes('inv-create-1')).then(() =>
        api('POST', '/invoices', { body: { status: 'draft', total: 99 }, headers: key }),
      ),
    ]);
    expect(made).toMatchObject({ status: 201, body: { invoice_id: 'invoice_1', version: 1, total: 99 } });
    expect(inFlight).toMatchObject({ status: 409, body: { type: 'IdempotencyKeyInProgress' } });
    const replay = await api('POST', '/invoices', { body: { total: 99, status: 'draft' }, headers: key });
    expect(replay).toMatchObject({ status: 201, body: made.body });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const other = await api('POST', '/invoices', { body: { status: 'sent', total: 99 }, headers: key });
    expect(other).toMatchObject({ status: 422, body: { type: 'IdempotencyKeyReused' } });
    const readOnly = await api('POST', '/invoices', { body: { invoice_id: 'mine', total: 1 } });
    expect(fields(readOnly.body)).toEqual(['invoice_id:read_only_field']);
    const second = await api('POST', '/invoices', { body: { total: 5 } });
    expect(second.body.invoice_id).toBe('invoice_2');
    expect(running.service.inspect().creates.byIdempotencyKey).toEqual({ 'inv-create-1': 1 });
  });

  it('answers overlapping writes with 409 and details, and publishes invoice.updated on /events', async () => {
    running = await start({ resources: invoices, writeDelayMs: 100 });
    const events = await openEvents(`${running.url}/events`, { authorization: `Bearer ${TOKEN}` });
    try {
      const [a, b] = await Promise.all([
        running.api('PATCH', '/invoices/inv_1', { body: { total: 1 } }),
        running.api('PATCH', '/invoices/inv_1', { body: { status: 'sent' } }),
      ]);
      const conflict = [a, b].find((r) => r.status === 409);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(conflict?.body).toMatchObject({
        type: 'ConcurrentUpdate',
        details: { object_type: 'invoice', object_id: 'inv_1', expected_version: 1, found_version: 2 },
      });
      await events.until((list) => list.some((e) => e.data.includes('invoice.updated')));
      const payload = JSON.parse(events.events.find((e) => e.data.includes('invoice.updated'))?.data ?? '{}');
      expect(payload).toMatchObject({
        schema_version: '1.0',
        event_type: 'invoice.updated',
        data: { invoice_id: 'inv_1', version: 2 },
      });
    } finally {
      events.close();
    }
  });

  it('applies fault profiles and rate limits to declared resources too', async () => {
    running = await start({ resources: invoices, rateLimit: { capacity: 2, refillPerSecond: 0.001 } });
    expect((await running.api('GET', '/invoices/inv_1')).status).toBe(200);
    expect((await running.api('GET', '/invoices/inv_1')).status).toBe(200);
    const limited = await running.api('GET', '/invoices/inv_1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    await running.close();
    running = await start({ resources: invoices, faults: { serverErrorRate: 1 }, rateLimit: false });
    const failed = await running.api('PATCH', '/invoices/inv_1', { body: { total: 2 } });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.body).toMatchObject({ trace_id: expect.any(String) });
  });
});
