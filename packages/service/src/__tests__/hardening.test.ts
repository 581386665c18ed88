import { describe, expect, it } from 'vitest';
import { createService } from '../createService';
import { call, newControl, TOKEN } from './request';

/** A body of `total` bytes in 1 KiB chunks, sent without Content-Length; `pulled` counts what was read. */
function endlessBody(total: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  const chunk = new TextEncoder().encode(`{"name":"${'x'.repeat(1010)}`.slice(0, 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) controller.close();
      else {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      }
    },
  });
  return { stream, pulled: () => sent };
}

describe('every request is answered in the spec shape', () => {
  it.each(['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'PROPFIND'])(
    'answers the method %s with 405, never a rejection or a 500',
    async (method) => {
      const service = createService();
      const answer = await call(service, '/spend_controls/sc_1', { method });
      expect(answer.status).toBe(405);
      expect(answer.body).toMatchObject({ type: 'MethodNotAllowed', trace_id: expect.any(String) });
      expect(typeof answer.body.message).toBe('string');
      expect(answer.headers.get('allow')).toContain('GET');
    },
  );

  it('stops reading a body without Content-Length at the limit instead of reading it whole', async () => {
    const service = createService({ maxBodyBytes: 64 * 1024 });
    const { stream, pulled } = endlessBody(20 * 1024 * 1024);
    const request = new Request('http://service.test/spend_controls', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.has('content-length')).toBe(false);
    const response = await service.fetch(request);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ code: 'body_too_large' }] });
    // The stream may run a few chunks ahead of the reader, never far past the limit.
    expect(pulled()).toBeLessThan(128 * 1024);
  });
});

describe('the admin door', () => {
  it('answers only an accepted token, with the gateway 401 or 403', async () => {
    const service = createService({ inactiveTokens: ['sleepy'] });
    expect((await call(service, '/__admin/state', { token: null })).status).toBe(401);
    expect((await call(service, '/__admin/state', { token: 'guess' })).status).toBe(401);
    expect((await call(service, '/__admin/state', { token: 'sleepy' })).status).toBe(403);
    const refused = await call(service, '/__admin/faults', {
      method: 'POST',
      body: { faults: { rateLimitBurstRate: 1, rateLimitBurstRetryAfterSeconds: 3600 } },
      token: null,
    });
    expect(refused.status).toBe(401);
    expect(refused.body).not.toHaveProperty('type');
    expect(service.inspect().faults).toBe('none');
    expect((await call(service, '/spend_controls/sc_1')).status).toBe(200);
  });

  it('takes writes only as application/json (415 otherwise), and sends no CORS headers', async () => {
    const service = createService();
    for (const type of [
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]) {
      const answer = await service.fetch(
        new Request('http://service.test/__admin/faults', {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, ...(type ? { 'content-type': type } : {}) },
          body: new Blob([JSON.stringify({ profile: 'chaos' })]),
        }),
      );
      expect(answer.status, String(type)).toBe(415);
      expect(await answer.json()).toMatchObject({
        type: 'UnsupportedMediaType',
        trace_id: expect.any(String),
      });
      expect(answer.headers.has('access-control-allow-origin')).toBe(false);
    }
    expect(service.inspect().faults).toBe('none');
    const set = await call(service, '/__admin/faults', { method: 'POST', body: { profile: 'chaos' } });
    expect(set.status).toBe(200);
    expect(set.headers.has('access-control-allow-origin')).toBe(false);
    const preflight = await call(service, '/__admin/faults', { method: 'OPTIONS', token: null });
    expect(preflight.headers.has('access-control-allow-origin')).toBe(false);
    expect(preflight.headers.has('access-control-allow-methods')).toBe(false);
    // Other routes keep their CORS.
    expect((await call(service, '/accounts/acc_1')).headers.get('access-control-allow-origin')).toBe('*');
  });

  it("shows a caller its own idempotency keys, never another token's", async () => {
    const service = createService({ tokens: ['alice', 'bob'] });
    for (const [token, key] of [
      ['alice', 'alice-secret-key'],
      ['bob', 'bob-key'],
    ] as const) {
      const made = await call(service, '/spend_controls', {
        method: 'POST',
        body: newControl,
        token,
        headers: { 'idempotency-key': key },
      });
      expect(made.status).toBe(201);
    }
    const bob = await call(service, '/__admin/state', { token: 'bob' });
    expect(JSON.stringify(bob.body)).not.toContain('alice-secret-key');
    expect(bob.body).toMatchObject({ creates: { byIdempotencyKey: { 'bob-key': 1 } } });
    expect(service.inspect().creates.byIdempotencyKey).toEqual({ 'alice-secret-key': 1, 'bob-key': 1 });
  });
});

describe('bounded idempotency records', () => {
  it('refuses an over-long account_id with 400 before it is stored or echoed', async () => {
    const service = createService();
    const answer = await call(service, '/spend_controls', {
      method: 'POST',
      body: { ...newControl, account_id: 'a'.repeat(60_000) },
      headers: { 'idempotency-key': 'long' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [{ field: 'account_id', code: 'invalid_format' }] });
    expect(JSON.stringify(answer.body).length).toBeLessThan(1024);
    expect(service.inspect().idempotency.stored).toBe(0);
  });

  it('keeps a replayed 422 small and at most maxEntries keys', async () => {
    const service = createService({ idempotency: { maxEntries: 5 }, rateLimit: false });
    for (let i = 0; i < 20; i += 1) {
      const answer = await call(service, '/spend_controls', {
        method: 'POST',
        body: { ...newControl, account_id: `acc_${'9'.repeat(60)}` },
        headers: { 'idempotency-key': `k${i}` },
      });
      expect(answer.status).toBe(422);
      expect(JSON.stringify(answer.body).length).toBeLessThan(512);
    }
    expect(service.inspect().idempotency.stored).toBe(5);
    const replay = await call(service, '/spend_controls', {
      method: 'POST',
      body: { ...newControl, account_id: `acc_${'9'.repeat(60)}` },
      headers: { 'idempotency-key': 'k19' },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('error messages', () => {
  it('end in exactly one period, never a doubled one, for every kind of error answer', async () => {
    const service = createService({ inactiveTokens: ['sleepy'], writeDelayMs: 0 });
    const answers = await Promise.all([
      call(service, '/spend_controls/sc_1', { token: null }),
      call(service, '/spend_controls/sc_1', { token: 'nope' }),
      call(service, '/spend_controls/sc_1', { token: 'sleepy' }),
      call(service, '/spend_controls/sc_9'),
      call(service, '/spend_controls/sc_1?version=9'),
      call(service, '/nowhere'),
      call(service, '/spend_controls/sc_1', { method: 'DELETE' }),
      call(service, '/spend_controls/sc_1', { method: 'PATCH', body: '{' }),
      call(service, '/spend_controls/sc_1', { method: 'PATCH', body: { version: 2, name: '' } }),
      call(service, '/spend_controls', { method: 'POST', body: { ...newControl, account_id: 'acc_9' } }),
      call(service, '/__admin/faults', { method: 'POST', body: { profile: 'wild' } }),
      call(service, '/__admin/faults', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      }),
    ]);
    const messages = answers.flatMap(({ body }) => [
      body.message,
      ...((body.errors as { message: string }[] | undefined) ?? []).map((e) => e.message),
    ]);
    expect(messages.length).toBeGreaterThan(answers.length);
    for (const message of messages) {
      expect(typeof message).toBe('string');
      expect(message, String(message)).toMatch(/[^.]\.$/);
    }
  });
});
