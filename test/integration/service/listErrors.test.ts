import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type Running, start, TOKEN } from './support';

const entries = (answer: Answer) =>
  (answer.body.errors as { location: string; field?: string; code: string; message: string }[]).map(
    (e) => `${e.location}:${e.field}:${e.code}`,
  );

const invoices = {
  invoices: {
    type: 'invoice',
    idKey: 'invoice_id',
    updatable: ['status'],
    list: { filters: [{ field: 'status', values: ['draft', 'sent'] }] },
    seed: Array.from({ length: 5 }, (_, i) => ({ invoice_id: `inv_${i}`, status: 'draft' })),
  },
};

describe('list requests the service refuses, over HTTP', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ rateLimit: false, inactiveTokens: ['inactive-token'], resources: invoices });
  });
  afterAll(async () => {
    await s.close();
  });

  it.each([
    ['/spend_controls?limit=0', 'query:limit:out_of_range'],
    ['/spend_controls?limit=101', 'query:limit:out_of_range'],
    ['/spend_controls?limit=99999999999999999999', 'query:limit:out_of_range'],
    ['/spend_controls?limit=2.5', 'query:limit:invalid_type'],
    ['/spend_controls?limit=-1', 'query:limit:invalid_type'],
    ['/spend_controls?limit=ten', 'query:limit:invalid_type'],
    ['/spend_controls?limit=', 'query:limit:invalid_type'],
    ['/spend_controls?name=Travel', 'query:name:unsupported_parameter'],
    ['/spend_controls?version=1', 'query:version:unsupported_parameter'],
    ['/accounts?currency=USD', 'query:currency:unsupported_parameter'],
    ['/invoices?total=10', 'query:total:unsupported_parameter'],
    ['/spend_controls?status=foo', 'query:status:unknown_enum_value'],
    ['/spend_controls?interval=yearly', 'query:interval:unknown_enum_value'],
    ['/spend_controls?account_id=', 'query:account_id:invalid_format'],
    [`/spend_controls?account_id=${'a'.repeat(201)}`, 'query:account_id:invalid_format'],
    ['/accounts?status=deleted', 'query:status:unknown_enum_value'],
    ['/invoices?status=paid', 'query:status:unknown_enum_value'],
    ['/spend_controls?limit=5&limit=5', 'query:limit:repeated_parameter'],
    ['/spend_controls?status=active&status=paused', 'query:status:repeated_parameter'],
    ['/spend_controls?cursor=abc', 'query:cursor:invalid_cursor'],
    ['/spend_controls?cursor=', 'query:cursor:invalid_cursor'],
    [`/spend_controls?cursor=${btoa('{"after":2}')}`, 'query:cursor:invalid_cursor'],
  ])('%s gets 400 with the one entry %s', async (path, entry) => {
    const answer = await s.api('GET', path);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: 'RequestValidationError', trace_id: expect.any(String) });
    expect(typeof answer.body.message).toBe('string');
    expect(entries(answer)).toEqual([entry]);
  });

  it('lists every problem of one request, one entry each, in the order the parameters came', async () => {
    const answer = await s.api(
      'GET',
      '/spend_controls?limit=0&status=foo&colour=red&interval=daily&interval=weekly&account_id=acc_1&cursor=zzz',
    );
    expect(answer.status).toBe(400);
    expect(entries(answer)).toEqual([
      'query:limit:out_of_range',
      'query:status:unknown_enum_value',
      'query:colour:unsupported_parameter',
      'query:interval:repeated_parameter',
      'query:cursor:invalid_cursor',
    ]);
    for (const e of answer.body.errors as { message: string }[]) expect(e.message.length).toBeGreaterThan(10);
  });

  it('refuses a cursor issued for another collection or another filter set, and a tampered one', async () => {
    const fromControls = (await s.api('GET', '/spend_controls?limit=1')).body.next_cursor as string;
    const fromPaused = (await s.api('GET', '/spend_controls?status=active&limit=1')).body
      .next_cursor as string;
    const fromInvoices = (await s.api('GET', '/invoices?limit=1')).body.next_cursor as string;
    expect([fromControls, fromPaused, fromInvoices].every((c) => typeof c === 'string')).toBe(true);
    const refused = [
      `/accounts?cursor=${fromControls}`,
      `/invoices?cursor=${fromControls}`,
      `/spend_controls?cursor=${fromInvoices}`,
      `/spend_controls?cursor=${fromPaused}`,
      `/spend_controls?status=paused&cursor=${fromPaused}`,
      `/spend_controls?status=active&account_id=acc_1&cursor=${fromPaused}`,
      `/spend_controls?status=active&cursor=${fromControls}`,
      // One character of the signature changed.
      `/spend_controls?cursor=${fromControls.slice(0, -1)}${fromControls.endsWith('A') ? 'B' : 'A'}`,
    ];
    for (const path of refused) {
      const answer = await s.api('GET', path);
      expect(answer.status, path).toBe(400);
      expect(entries(answer), path).toEqual(['query:cursor:invalid_cursor']);
    }
    // The same cursors where they were issued, filters in another order included, are fine.
    expect((await s.api('GET', `/spend_controls?cursor=${fromControls}`)).status).toBe(200);
    expect((await s.api('GET', `/spend_controls?cursor=${fromPaused}&limit=1&status=active`)).status).toBe(
      200,
    );
    expect((await s.api('GET', `/invoices?cursor=${fromInvoices}`)).status).toBe(200);
  });

  it('refuses a cursor from another service, unless both share a cursorSecret', async () => {
    const cursor = (await s.api('GET', '/spend_controls?limit=1')).body.next_cursor as string;
    const other = await start({ rateLimit: false });
    const secret = 'a shared secret for two services';
    const a = await start({ rateLimit: false, cursorSecret: secret });
    const b = await start({ rateLimit: false, cursorSecret: secret });
    try {
      expect(entries(await other.api('GET', `/spend_controls?cursor=${cursor}`))).toEqual([
        'query:cursor:invalid_cursor',
      ]);
      const shared = (await a.api('GET', '/spend_controls?limit=2')).body.next_cursor as string;
      const next = await b.api('GET', `/spend_controls?cursor=${shared}`);
      expect(next.status).toBe(200);
      expect((next.body.data as { spend_control_id: string }[]).map((c) => c.spend_control_id)).toEqual([
        'sc_3',
      ]);
    } finally {
      await Promise.all([other.close(), a.close(), b.close()]);
    }
  });

  it('answers a missing or invalid token with a gateway 401 and an inactive business with 403', async () => {
    for (const path of ['/spend_controls', '/accounts?status=active', '/invoices?status=nope']) {
      const missing = await s.api('GET', path, { token: null });
      const invalid = await s.api('GET', path, { token: 'not-a-token' });
      const inactive = await s.api('GET', path, { token: 'inactive-token' });
      expect([missing.status, invalid.status, inactive.status], path).toEqual([401, 401, 403]);
      for (const answer of [missing, invalid, inactive]) {
        expect(Object.keys(answer.body)).toEqual(['message']);
        expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
      }
    }
  });
});

describe('lists under rate limits and faults, over HTTP', () => {
  it('answers 429 with Retry-After in whole seconds once the bucket is empty', async () => {
    const limited = await start({ rateLimit: { capacity: 2, refillPerSecond: 0.2 } });
    try {
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await limited.api('GET', '/spend_controls'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2]?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(answers[2]?.body).toMatchObject({ type: 'RateLimitExceeded', trace_id: expect.any(String) });
    } finally {
      await limited.close();
    }
  });

  it('applies fault profiles to lists: 429 bursts and 5xx', async () => {
    const faulty = await start({ rateLimit: false, faults: { rateLimitBurstRate: 1 } });
    try {
      const burst = await faulty.api('GET', '/accounts');
      expect(burst.status).toBe(429);
      expect(burst.headers.get('retry-after')).toBe('1');
      faulty.service.setFaults({ serverErrorRate: 1 });
      const failed = await faulty.api('GET', '/spend_controls?status=active');
      expect([500, 502, 503]).toContain(failed.status);
      expect(failed.body).toMatchObject({ type: expect.any(String), trace_id: expect.any(String) });
      faulty.service.setFaults('none');
      expect((await faulty.api('GET', '/spend_controls?status=active')).status).toBe(200);
    } finally {
      await faulty.close();
    }
  });
});
