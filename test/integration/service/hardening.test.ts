import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { newControl, type Running, start, TOKEN } from './support';

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request over node:http, for what fetch cannot send (TRACE, a raw target such as `//[`, a
 * body without Content-Length). `chunks` are written one by one until the answer arrives.
 */
function raw(
  base: string,
  method: string,
  path: string,
  { chunks = 0, chunk = Buffer.alloc(0), paceMs = 0, token = TOKEN as string | null } = {},
): Promise<RawAnswer & { written: number }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    let written = 0;
    let answered = false;
    const req = request(
      { hostname, port, method, path, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => {
          body += part;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, written }));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    // A server that closes mid-upload may reset the socket after its answer: the answer counts.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    if (chunks === 0) {
      req.end();
      return;
    }
    req.setHeader('content-type', 'application/json');
    // Paced writes: what the server reads before it answers shows in `written`, not in socket buffers.
    const pump = (): void => {
      if (answered) return;
      if (written >= chunks) {
        req.end();
        return;
      }
      written += 1;
      const more = req.write(chunk);
      if (!more) req.once('drain', () => setTimeout(pump, paceMs));
      else setTimeout(pump, paceMs);
    };
    pump();
  });
}

const specShape = (text: string) => {
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  expect(typeof body.type).toBe('string');
  expect(body.trace_id).toMatch(/^trace_/);
  return body;
};

describe('hardening over HTTP', () => {
  it('answers TRACE, GET //[ and GET //h:99999/… with a 4xx in the spec shape, never a 500', async () => {
    running = await start();
    const trace = await raw(running.url, 'TRACE', '/spend_controls/sc_1');
    expect(trace.status).toBe(405);
    expect(specShape(trace.body)).toMatchObject({ type: 'MethodNotAllowed' });
    for (const path of ['//[', '//h:99999/spend_controls/sc_1', '/spend_controls/%E0%A4%A']) {
      const answer = await raw(running.url, 'GET', path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      specShape(answer.body);
    }
    const odd = await raw(running.url, 'PROPFIND', '/spend_controls/sc_1');
    expect(odd.status).toBe(405);
    expect(running.service.inspect().requests.byStatus['500']).toBeUndefined();
    expect((await running.api('GET', '/spend_controls/sc_1')).status).toBe(200);
  });

  it('refuses a body without Content-Length once it passes the limit, without reading the rest', async () => {
    running = await start({ maxBodyBytes: 64 * 1024 });
    // Up to 3 MB offered in 16 KiB chunks, one every 5 ms; the limit is passed at the 5th chunk, and
    // the answer must come soon after, not once a megabyte (64 chunks) or the whole body is read.
    const answer = await raw(running.url, 'POST', '/spend_controls', {
      chunks: 192,
      chunk: Buffer.alloc(16 * 1024, 0x20),
      paceMs: 5,
    });
    expect(answer.status).toBe(400);
    expect(specShape(answer.body)).toMatchObject({ errors: [{ code: 'body_too_large' }] });
    expect(answer.written).toBeLessThan(40);
    expect((await running.api('POST', '/spend_controls', { body: newControl })).status).toBe(201);
  });

  it('keeps /__admin behind the gateway, JSON-only for writes and without CORS headers', async () => {
    running = await start();
    // What a page on another origin can send without a preflight: no token, a Blob body.
    const crossSite = await fetch(`${running.url}/__admin/faults`, {
      method: 'POST',
      body: new Blob([
        JSON.stringify({ faults: { rateLimitBurstRate: 1, rateLimitBurstRetryAfterSeconds: 3600 } }),
      ]),
    });
    expect(crossSite.status).toBe(401);
    expect(crossSite.headers.has('access-control-allow-origin')).toBe(false);
    const plain = await fetch(`${running.url}/__admin/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'text/plain' },
      body: JSON.stringify({ profile: 'chaos' }),
    });
    expect(plain.status).toBe(415);
    expect((await running.api('GET', '/spend_controls/sc_1')).status).toBe(200);
    const set = await running.api('POST', '/__admin/faults', { body: { profile: 'flaky' } });
    expect(set.status).toBe(200);
    expect(set.headers.has('access-control-allow-origin')).toBe(false);
    expect((await running.api('GET', '/__admin/state', { token: null })).status).toBe(401);
  });

  it('shows each caller only its own idempotency keys in the admin state', async () => {
    running = await start({ tokens: ['alice', 'bob'] });
    await running.api('POST', '/spend_controls', {
      body: newControl,
      token: 'alice',
      headers: { 'idempotency-key': 'alice-private' },
    });
    const bob = await running.api('GET', '/__admin/state', { token: 'bob' });
    expect(bob.status).toBe(200);
    expect(JSON.stringify(bob.body)).not.toContain('alice-private');
    const alice = await running.api('GET', '/__admin/state', { token: 'alice' });
    expect(alice.body).toMatchObject({ creates: { byIdempotencyKey: { 'alice-private': 1 } } });
  });

  it('keeps at most idempotency.maxEntries keys', async () => {
    running = await start({ idempotency: { maxEntries: 4 }, rateLimit: false });
    for (let i = 0; i < 12; i += 1) {
      const made = await running.api('POST', '/spend_controls', {
        body: { ...newControl, account_id: 'acc_nope' },
        headers: { 'idempotency-key': `key-${i}` },
      });
      expect(made.status).toBe(422);
    }
    expect(running.service.inspect().idempotency.stored).toBe(4);
  });
});
