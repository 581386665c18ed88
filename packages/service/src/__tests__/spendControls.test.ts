import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createService } from '../createService';
import { call, newControl } from './request';

describe('spend control routes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2025, 0, 1));
  });
  afterEach(() => vi.useRealTimers());

  it('creates version n+1 per PATCH with an ISO UTC version_time, and keeps every version', async () => {
    const service = createService();
    vi.setSystemTime(Date.UTC(2025, 0, 2));
    const updated = await call(service, '/spend_controls/sc_2', { method: 'PATCH', body: { name: 'Tools' } });
    expect(updated.body).toMatchObject({
      version: 2,
      name: 'Tools',
      version_time: '2025-01-02T00:00:00.000Z',
    });
    const history = await call(service, '/spend_controls/sc_2/history');
    expect((history.body.data as { version: number }[]).map((v) => v.version)).toEqual([1, 2]);
    expect((await call(service, '/spend_controls/sc_2?version=1')).body).toMatchObject({ name: 'Software' });
    expect((await call(service, '/spend_controls/sc_2?version=3')).body).toMatchObject({
      type: 'VersionNotFound',
    });
  });

  it('answers 409 with the versions involved when a write commits inside another write window', async () => {
    const service = createService({ writeDelayMs: 100 });
    const first = call(service, '/spend_controls/sc_1', { method: 'PATCH', body: { name: 'A' } });
    await vi.advanceTimersByTimeAsync(50);
    const second = call(service, '/spend_controls/sc_1', { method: 'PATCH', body: { name: 'B' } });
    await vi.advanceTimersByTimeAsync(100);
    expect((await first).status).toBe(200);
    expect(await second).toMatchObject({
      status: 409,
      body: {
        type: 'ConcurrentUpdate',
        details: { object_type: 'spend_control', object_id: 'sc_1', expected_version: 1, found_version: 2 },
      },
    });
    expect(service.inspect().spendControls.sc_1).toBe(2);
  });

  it('answers 409 for a key still in flight, then replays the original 201 exactly once created', async () => {
    const service = createService({ writeDelayMs: 100 });
    const headers = { 'idempotency-key': 'k-1' };
    const first = call(service, '/spend_controls', { method: 'POST', body: newControl, headers });
    // The key is registered once the body is read and hashed (real I/O, not a timer): wait for that,
    // a bounded number of turns of the event loop, without moving the fake clock past the write delay.
    for (let turn = 0; turn < 1000 && service.inspect().idempotency.inFlight.length === 0; turn++)
      await turnOfTheLoop();
    expect(service.inspect().idempotency.inFlight).toEqual(['k-1']);
    const during = await call(service, '/spend_controls', { method: 'POST', body: newControl, headers });
    expect(during).toMatchObject({ status: 409, body: { type: 'IdempotencyKeyInProgress' } });
    expect(during.body).not.toHaveProperty('details');
    await vi.advanceTimersByTimeAsync(100);
    const created = await first;
    const replay = await call(service, '/spend_controls', {
      method: 'POST',
      body: { ...newControl },
      headers,
    });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(created.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(service.inspect().creates).toEqual({ total: 1, byIdempotencyKey: { 'k-1': 1 } });
  });

  it('scopes idempotency keys per token and replays a stored 422 as the original result', async () => {
    const service = createService({ tokens: ['t1', 't2'] });
    const body = { ...newControl, account_id: 'acc_404' };
    const headers = { 'idempotency-key': 'same' };
    const a = await call(service, '/spend_controls', { method: 'POST', body, headers, token: 't1' });
    expect(a.body).toMatchObject({ type: 'AccountNotFound' });
    const again = await call(service, '/spend_controls', { method: 'POST', body, headers, token: 't1' });
    expect(again.body).toEqual(a.body);
    const other = await call(service, '/spend_controls', {
      method: 'POST',
      body: newControl,
      headers,
      token: 't2',
    });
    expect(other.status).toBe(201);
  });

  it('keeps keys and their create counts for the TTL only, so neither grows without bound', async () => {
    const service = createService({ idempotencyTtlMs: 1000 });
    const create = (key: string) =>
      call(service, '/spend_controls', {
        method: 'POST',
        body: newControl,
        headers: { 'idempotency-key': key },
      });
    expect((await create('first')).status).toBe(201);
    expect((await create('first')).headers.get('idempotent-replayed')).toBe('true');
    expect(service.inspect().creates.byIdempotencyKey).toEqual({ first: 1 });
    vi.advanceTimersByTime(1000);
    expect((await create('second')).status).toBe(201);
    expect(service.inspect().creates.byIdempotencyKey).toEqual({ second: 1 });
    expect(service.inspect().idempotency.stored).toBe(1);
    // Past the TTL a key is new again, and counts from one.
    expect((await create('first')).headers.get('idempotent-replayed')).toBeNull();
    expect(service.inspect().creates).toEqual({ total: 3, byIdempotencyKey: { second: 1, first: 1 } });
  });

  it('releases a key when the service closes mid-write, answering 503', async () => {
    const service = createService({ writeDelayMs: 1000 });
    const pending = call(service, '/spend_controls', {
      method: 'POST',
      body: newControl,
      headers: { 'idempotency-key': 'k' },
    });
    await vi.advanceTimersByTimeAsync(1);
    await service.close();
    expect(await pending).toMatchObject({ status: 503, body: { type: 'ServiceUnavailable' } });
    expect(service.inspect().idempotency.inFlight).toEqual([]);
    expect(service.inspect().creates.total).toBe(0);
  });

  it('checks business rules against the latest state and lists several in validation_errors', async () => {
    const service = createService({ maxLimitAmount: 1000 });
    const result = await call(service, '/spend_controls', {
      method: 'POST',
      body: { ...newControl, account_id: 'acc_2', limit: { amount: 5000, currency: 'USD' } },
    });
    expect(result.status).toBe(422);
    expect(result.body.type).toBe('CurrencyMismatch');
    expect((result.body.validation_errors as { type: string }[]).map((e) => e.type)).toEqual([
      'CurrencyMismatch',
      'LimitAmountExceeded',
    ]);
  });
});
