import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createService } from '../createService';
import { call } from './request';

describe('createService', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers gateway 401/403 with one field and never echoes the token', async () => {
    const service = createService({ inactiveTokens: ['sleepy'] });
    const missing = await call(service, '/spend_controls/sc_1', { token: null });
    const invalid = await call(service, '/nowhere', { token: 'secret-123' });
    const inactive = await call(service, '/spend_controls/sc_1', { token: 'sleepy' });
    expect([missing.status, invalid.status, inactive.status]).toEqual([401, 401, 403]);
    for (const { body } of [missing, invalid, inactive]) expect(Object.keys(body)).toEqual(['message']);
    expect(JSON.stringify(invalid.body)).not.toContain('secret-123');
    const renamed = createService({ gatewayErrorField: 'error' });
    expect(Object.keys((await call(renamed, '/x', { token: null })).body)).toEqual(['error']);
  });

  it('gives every non-gateway error a type and a distinct trace_id', async () => {
    const service = createService();
    const answers = [
      await call(service, '/nowhere'),
      await call(service, '/spend_controls/sc_1', { method: 'DELETE' }),
      await call(service, '/spend_controls/sc_9'),
      await call(service, '/spend_controls/%E0%A4%A'),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 405, 404, 404]);
    expect(answers[1]?.headers.get('allow')).toBe('GET, PATCH, OPTIONS');
    for (const { body } of answers)
      expect(body).toMatchObject({ type: expect.any(String), trace_id: expect.any(String) });
    expect(new Set(answers.map((a) => a.body.trace_id)).size).toBe(answers.length);
  });

  it('limits each token with a bucket and answers 429 with whole-second Retry-After', async () => {
    const service = createService({ rateLimit: { capacity: 2, refillPerSecond: 1 } });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call(service, '/spend_controls/sc_1')).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await call(service, '/spend_controls/sc_1');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body).toMatchObject({ type: 'RateLimitExceeded', trace_id: expect.any(String) });
    await vi.advanceTimersByTimeAsync(1000);
    expect((await call(service, '/spend_controls/sc_1')).status).toBe(200);
  });

  it('answers CORS preflights without a token and exposes Retry-After', async () => {
    const service = createService({ cors: { origin: 'http://localhost:5173' } });
    const preflight = await service.fetch(new Request('http://s/spend_controls', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
    const get = await call(service, '/spend_controls/sc_1');
    expect(get.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(get.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const none = await call(createService({ cors: false }), '/spend_controls/sc_1');
    expect(none.headers.has('access-control-allow-origin')).toBe(false);
  });

  it('serves routes under basePath only', async () => {
    const service = createService({ basePath: '/v1' });
    expect((await call(service, '/v1/spend_controls/sc_1')).status).toBe(200);
    expect((await call(service, '/spend_controls/sc_1')).status).toBe(404);
  });

  it('switches faults at run time through /__admin and reports them in the state', async () => {
    const service = createService({ faults: { serverErrorRate: 1 } });
    const failed = await call(service, '/spend_controls/sc_1');
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.body).toMatchObject({ type: expect.any(String), trace_id: expect.any(String) });
    const switched = await call(service, '/__admin/faults', {
      method: 'POST',
      body: { profile: 'none' },
    });
    expect(switched.body).toEqual({ profile: 'none' });
    expect((await call(service, '/spend_controls/sc_1')).status).toBe(200);
    const bad = await call(service, '/__admin/faults', {
      method: 'POST',
      body: { profile: 'wild' },
    });
    expect(bad.status).toBe(400);
    const state = await call(service, '/__admin/state');
    expect(state.body).toMatchObject({ faults: 'none', spendControls: { sc_1: 1 } });
    const off = await call(createService({ admin: false }), '/__admin/state', { token: null });
    expect(off.status).toBe(401);
  });

  it('commits before a 5xx that strikes after the operation, as a lost response would', async () => {
    const service = createService({ faults: { serverErrorRate: 1 }, randomSeed: 2 });
    const outcomes: boolean[] = [];
    for (let i = 0; i < 20; i += 1) {
      const before = service.inspect().spendControls.sc_1 ?? 0;
      const result = await call(service, '/spend_controls/sc_1', {
        method: 'PATCH',
        body: { name: `n${i}` },
      });
      expect(result.status).toBeGreaterThanOrEqual(500);
      outcomes.push((service.inspect().spendControls.sc_1 ?? 0) > before);
    }
    expect(outcomes).toContain(true);
    expect(outcomes).toContain(false);
  });

  it('delays requests by injected latency on the lazy timer', async () => {
    const service = createService({ faults: { latencyRate: 1, latencyMs: [500, 500] } });
    let settled = false;
    const pending = call(service, '/spend_controls/sc_1').then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
  });

  it('answers 503 after close and counts requests by status', async () => {
    const service = createService();
    await call(service, '/spend_controls/sc_1');
    await service.close();
    expect((await call(service, '/spend_controls/sc_1')).status).toBe(503);
    expect(service.inspect().requests).toEqual({ total: 2, byStatus: { 200: 1, 503: 1 } });
  });
});
