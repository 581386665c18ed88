import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, hasNoNullKeys, newControl, type Running, start, waitFor } from './support';

// One test per rule of the spec's error model that a server can show, over real HTTP.
describe('service conformance: errors', () => {
  let s: Running;
  let slow: Running;
  beforeAll(async () => {
    s = await start({ rateLimit: false, inactiveTokens: ['inactive-token'], maxLimitAmount: 10_000 });
    slow = await start({ rateLimit: false, writeDelayMs: 400 });
  });
  afterAll(async () => {
    await s.close();
    await slow.close();
  });

  const fieldsOf = (a: Answer) =>
    (a.body.errors as { field?: string; code: string }[]).map((e) => `${e.field}:${e.code}`);

  it('Error body 1: every non-gateway error has message, type and a distinct trace_id', async () => {
    const answers = [
      await s.api('GET', '/spend_controls/sc_404'),
      await s.api('PATCH', '/spend_controls/sc_2', { body: '{' }),
      await s.api('PATCH', '/spend_controls/sc_2', { body: { limit: { amount: 10_001, currency: 'USD' } } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 400, 422]);
    for (const { body } of answers) {
      expect(body).toMatchObject({
        message: expect.any(String),
        type: expect.any(String),
        trace_id: expect.any(String),
      });
    }
    expect(new Set(answers.map((a) => a.body.trace_id)).size).toBe(3);
  });

  it('Error body 2: no key whose value would be null appears in a body', async () => {
    const answers = [
      await s.api('GET', '/spend_controls/sc_1'),
      await s.api('POST', '/spend_controls', { body: { ...newControl, name: null } }),
      await s.api('GET', '/tasks/task_404'),
    ];
    for (const { body } of answers) expect(hasNoNullKeys(body)).toBe(true);
    expect(answers[1]?.body).not.toHaveProperty('validation_errors');
  });

  it('Gateway errors: a missing token gets 401 whose body has a single field, no type, no trace_id', async () => {
    const answer = await s.api('GET', '/spend_controls/sc_1', { token: null });
    expect(answer.status).toBe(401);
    expect(Object.keys(answer.body)).toEqual(['message']);
  });

  it('Authentication 2: an invalid token (401) and an inactive business (403) are stopped before any operation', async () => {
    const invalid = await s.api('GET', '/no_such_route', { token: 'wrong' });
    const inactive = await s.api('PATCH', '/spend_controls/sc_1', {
      token: 'inactive-token',
      body: { name: 'x' },
    });
    expect([invalid.status, inactive.status]).toEqual([401, 403]);
    for (const { body } of [invalid, inactive]) expect(Object.keys(body)).toEqual(['message']);
    expect((await s.api('GET', '/spend_controls/sc_1')).body.name).toBe('Travel');
  });

  it('Authentication 4: no answer repeats the access token it was sent', async () => {
    const answers = await Promise.all([
      s.api('GET', '/spend_controls/sc_1', { token: 'tok-SECRET-1' }),
      s.api('GET', '/nowhere', { token: 'dev-token' }),
    ]);
    for (const a of answers) expect(JSON.stringify(a.body)).not.toMatch(/SECRET|dev-token/);
  });

  it('400: malformed JSON gets RequestValidationError with one errors entry', async () => {
    const answer = await s.api('PATCH', '/spend_controls/sc_2', { body: '{"name": ' });
    expect(answer).toMatchObject({ status: 400, body: { type: 'RequestValidationError' } });
    expect(fieldsOf(answer)).toEqual(['undefined:malformed_json']);
  });

  it('400: a missing required field is listed', async () => {
    const { interval: _, ...body } = newControl;
    const answer = await s.api('POST', '/spend_controls', { body });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['interval:missing_field']);
  });

  it('400: a value of wrong type or format is listed', async () => {
    const answer = await s.api('POST', '/spend_controls', {
      body: { ...newControl, limit: { amount: '300', currency: 'dollars' } },
    });
    expect(fieldsOf(answer)).toEqual(['limit.amount:invalid_type', 'limit.currency:invalid_format']);
    expect(fieldsOf(await s.api('GET', '/spend_controls/sc_1?version=latest'))).toEqual([
      'version:invalid_type',
    ]);
  });

  it('400: an unknown enumerated value is listed', async () => {
    const answer = await s.api('PATCH', '/spend_controls/sc_2', {
      body: { status: 'frozen', interval: 'hourly' },
    });
    expect(fieldsOf(answer)).toEqual(['status:unknown_enum_value', 'interval:unknown_enum_value']);
  });

  it('400: the body lists each problem found, one errors entry each', async () => {
    const answer = await s.api('POST', '/spend_controls', { body: { name: 3, interval: 'x', limit: {} } });
    expect(fieldsOf(answer)).toEqual([
      'account_id:missing_field',
      'name:invalid_type',
      'limit.amount:missing_field',
      'limit.currency:missing_field',
      'interval:unknown_enum_value',
    ]);
  });

  it('Endpoints rule 1: an update built by copying a whole GET response is refused, field by field', async () => {
    const read = await s.api('GET', '/spend_controls/sc_2');
    const answer = await s.api('PATCH', '/spend_controls/sc_2', { body: { ...read.body, name: 'Copied' } });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer).sort()).toEqual(
      ['account_id', 'spend_control_id', 'version', 'version_time'].map((f) => `${f}:read_only_field`),
    );
  });

  it('400: untrusted JSON with a __proto__ key is refused and pollutes no prototype', async () => {
    const body = '{"name":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
    const answer = await s.api('PATCH', '/spend_controls/sc_2', { body });
    expect(fieldsOf(answer)).toEqual(['__proto__:unknown_field', 'constructor:unknown_field']);
    const admin = await s.api('POST', '/__admin/faults', {
      body: '{"faults":{"__proto__":{"x":1}}}',
    });
    expect(admin.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('x');
  });

  it('422: mutually exclusive fields sent together name the rule', async () => {
    const answer = await s.api('PATCH', '/spend_controls/sc_2', {
      body: { status: 'paused', limit: { amount: 10, currency: 'USD' } },
    });
    expect(answer).toMatchObject({ status: 422, body: { type: 'MutuallyExclusiveFields' } });
  });

  it('422: a referenced resource in a state that does not permit the operation', async () => {
    const closing = await start({
      rateLimit: false,
      seed: { accounts: [{ account_id: 'a', name: 'A', currency: 'USD', status: 'closing' }] },
    });
    const answer = await closing.api('POST', '/spend_controls', { body: { ...newControl, account_id: 'a' } });
    await closing.close();
    expect(answer).toMatchObject({ status: 422, body: { type: 'AccountNotActive' } });
  });

  it('422: a breached limit names the rule', async () => {
    const answer = await s.api('POST', '/spend_controls', {
      body: { ...newControl, limit: { amount: 10_001, currency: 'USD' } },
    });
    expect(answer).toMatchObject({ status: 422, body: { type: 'LimitAmountExceeded' } });
  });

  it('Retry rules 3: the same Idempotency-Key with a different body gets 422', async () => {
    const headers = { 'idempotency-key': 'reuse-1' };
    expect((await s.api('POST', '/spend_controls', { body: newControl, headers })).status).toBe(201);
    const answer = await s.api('POST', '/spend_controls', {
      body: { ...newControl, name: 'Other' },
      headers,
    });
    expect(answer).toMatchObject({ status: 422, body: { type: 'IdempotencyKeyReused' } });
  });

  it('422: several failed rules give validation_errors with one entry each, own message and details', async () => {
    const answer = await s.api('POST', '/spend_controls', {
      body: { ...newControl, account_id: 'acc_2', limit: { amount: 50_000, currency: 'USD' } },
    });
    expect(answer.status).toBe(422);
    const entries = answer.body.validation_errors as { type: string; message: string; details: object }[];
    expect(entries.map((e) => e.type)).toEqual(['CurrencyMismatch', 'LimitAmountExceeded']);
    for (const e of entries)
      expect(e).toMatchObject({ message: expect.any(String), details: expect.any(Object) });
    expect(answer.body.type).toBe('CurrencyMismatch');
  });

  it('409 case 1: a concurrent update gets details {object_type, object_id, expected_version, found_version}', async () => {
    const first = slow.api('PATCH', '/spend_controls/sc_3', { body: { name: 'first' } });
    await waitFor(() => slow.service.inspect().pendingWrites === 1);
    const second = slow.api('PATCH', '/spend_controls/sc_3', { body: { name: 'second' } });
    const answers = await Promise.all([first, second]);
    const conflict = answers.find((a) => a.status === 409);
    const winner = answers.find((a) => a.status === 200);
    expect(winner?.body.version).toBe(2);
    expect(conflict?.body).toMatchObject({
      type: 'ConcurrentUpdate',
      details: { object_type: 'spend_control', object_id: 'sc_3', expected_version: 1, found_version: 2 },
    });
  });

  it('409 case 2: a request whose Idempotency-Key is still being processed gets 409', async () => {
    const headers = { 'idempotency-key': 'in-flight-1' };
    const first = slow.api('POST', '/spend_controls', { body: newControl, headers });
    await waitFor(() => slow.service.inspect().idempotency.inFlight.includes('in-flight-1'));
    const during = await slow.api('POST', '/spend_controls', { body: newControl, headers });
    expect(during).toMatchObject({ status: 409, body: { type: 'IdempotencyKeyInProgress' } });
    expect(during.body).not.toHaveProperty('details');
    expect((await first).status).toBe(201);
  });

  it('409 recovery: after fetching the latest version the same change is accepted', async () => {
    const a = slow.api('PATCH', '/spend_controls/sc_2', { body: { interval: 'weekly' } });
    await waitFor(() => slow.service.inspect().pendingWrites === 1);
    const b = slow.api('PATCH', '/spend_controls/sc_2', { body: { name: 'Retried' } });
    const loser = (await Promise.all([a, b])).find((x) => x.status === 409);
    expect(loser).toBeDefined();
    const latest = await slow.api('GET', '/spend_controls/sc_2');
    const retried = await slow.api('PATCH', '/spend_controls/sc_2', { body: { name: 'Retried' } });
    expect(retried).toMatchObject({ status: 200, body: { version: (latest.body.version as number) + 1 } });
  });

  it('Limits 1: requests faster than accepted get 429 with Retry-After in whole seconds', async () => {
    const limited = await start({ rateLimit: { capacity: 3, refillPerSecond: 0.4 } });
    const answers: Answer[] = [];
    for (let i = 0; i < 4; i += 1) answers.push(await limited.api('GET', '/spend_controls/sc_1'));
    await limited.close();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(answers[3]?.headers.get('retry-after')).toBe('3');
    expect(answers[3]?.body).toMatchObject({ type: 'RateLimitExceeded', trace_id: expect.any(String) });
  });
});
