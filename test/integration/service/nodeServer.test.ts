import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type Running, start, TOKEN, waitFor } from './support';

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A raw request over node:http, for what fetch refuses to send (e.g. TRACE). */
function raw(url: string, method: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { authorization: 'Bearer dev-token' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.setTimeout(5000, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

describe('the Node server', () => {
  it('answers a request it cannot turn into a fetch Request with the standard JSON 405, not a 500 or an empty one', async () => {
    running = await start();
    // The fetch API refuses TRACE, so the request never reaches the service's handler.
    const answer = await raw(`${running.url}/spend_controls/sc_1`, 'TRACE');
    expect(answer.status).toBe(405);
    expect(answer.type).toContain('application/json');
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'MethodNotAllowed' });
    expect(body.trace_id).toMatch(/^trace_/);
    expect(typeof body.message).toBe('string');
    // The server is still serving.
    expect((await running.api('GET', '/spend_controls/sc_1')).status).toBe(200);
  });

  it('unsubscribes the event streams of clients that hang up', async () => {
    running = await start({ rateLimit: false });
    const r = running;
    const aborts = Array.from({ length: 50 }, () => new AbortController());
    const streams = await Promise.all(
      aborts.map((abort) =>
        fetch(`${r.url}/events`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: abort.signal }),
      ),
    );
    expect(streams.every((s) => s.status === 200)).toBe(true);
    await waitFor(() => r.service.inspect().webhooks.subscribers === 50);
    for (const abort of aborts) abort.abort();
    await waitFor(() => r.service.inspect().webhooks.subscribers === 0);
    expect((await r.api('GET', '/spend_controls/sc_1')).status).toBe(200);
  });
});
