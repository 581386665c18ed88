import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { ApiError, createClient, createEntityStore, NetworkError, ResponseTooLargeError } from '@vstore/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Client hardening over real HTTP (issue #15, client items 5–7): credentials in baseUrl, echoed
// tokens at any depth, and bodies too long to hold.

const TOKEN = 'tok_hardening_5f4e3d2c';
const PASSWORD = 'pw-hunter2-9a8b';
const fast = { maxAttempts: 1, timeoutMs: 5000 } as const;

/** Every way an error gets shown or shipped, its cause included. */
function renderings(error: unknown): string[] {
  const e = error as ApiError & { cause?: Error };
  return [
    e.message,
    String(e.stack),
    JSON.stringify(e),
    inspect(e, { depth: 20, showHidden: true }),
    JSON.stringify(e.supportInfo?.() ?? null),
    String(e.cause?.message),
    String(e.cause?.stack),
    JSON.stringify(e.cause ?? null),
  ];
}

let server: Server;
let url = '';
let handler: (req: IncomingMessage, res: ServerResponse) => void = (_, res) => res.writeHead(500).end();

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('userinfo in baseUrl', () => {
  it('never reaches the NetworkError, its stack, its JSON or its cause', async () => {
    const withCredentials = url.replace('http://', `http://alice:${PASSWORD}@`);
    const client = createClient({ baseUrl: withCredentials, getToken: () => TOKEN, retry: fast });
    const error = await client.spendControls.get('sc_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    // The platform refused the URL and quoted it: the redacted form is what remains.
    expect((error as NetworkError).message).toContain('[REDACTED]@');
    for (const text of renderings(error)) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(`alice:`);
    }
  });
});

describe('an echoed token', () => {
  it('is scrubbed 40 levels deep and as an object key', async () => {
    let deep: unknown = { echo: `Bearer ${TOKEN}` };
    for (let i = 0; i < 40; i++) deep = i % 2 ? [deep] : { level: deep };
    handler = (_, res) => {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          message: 'rule broken',
          type: 'SomeRule',
          trace_id: 'tr_1',
          validation_errors: [{ message: 'see details', details: { deep, [TOKEN]: 'as a key' } }],
        }),
      );
    };
    const client = createClient({ baseUrl: url, getToken: () => TOKEN, retry: fast });
    const error = await client.spendControls.update('sc_1', { name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(JSON.stringify((error as ApiError).body)).toContain('[REDACTED]');
    for (const text of renderings(error)) expect(text).not.toContain(TOKEN);
  });
});

describe('maxResponseBytes', () => {
  it('stops reading an endless success body at the limit: typed error, one request, nothing stored', async () => {
    let requests = 0;
    handler = (req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"spend_control_id":"sc_1","pad":"');
      // Endless: only a client that counts while reading ever ends this call.
      const timer = setInterval(() => res.write('x'.repeat(16_384)), 1);
      req.socket.on('close', () => clearInterval(timer));
    };
    const store = createEntityStore();
    const client = createClient({
      baseUrl: url,
      getToken: () => TOKEN,
      store,
      maxResponseBytes: 256 * 1024,
      retry: { timeoutMs: 10_000 },
    });
    const error = await client.spendControls.get('sc_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ limitBytes: 256 * 1024, status: 200 });
    expect(requests).toBe(1);
    expect(store.get('spend_control', 'sc_1')).toBeUndefined();
  });

  it('ends the call on an error body over the limit, with or without Content-Length', async () => {
    for (const declared of [true, false]) {
      handler = (_, res) => {
        const body = JSON.stringify({ message: 'x'.repeat(64 * 1024) });
        res.writeHead(500, {
          'content-type': 'application/json',
          ...(declared ? { 'content-length': String(body.length) } : {}),
        });
        res.end(body);
      };
      const client = createClient({ baseUrl: url, getToken: () => TOKEN, maxResponseBytes: 4096 });
      const error = await client.spendControls.update('sc_1', { name: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(error).toMatchObject({ limitBytes: 4096, status: 500 });
      expect((error as Error).message).toContain('PATCH /spend_controls/sc_1');
    }
  });
});
