// Regressions of review 23 (tasks, events, SSE): each case failed before its fix.
// An SSE `id:` may hold any character but NUL, CR and LF (HTML §9.2.6). Sent back as Last-Event-ID
// through Node's fetch, a control character makes every reconnect fail before it leaves the process.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SseMessage } from '../sseParser';
import { openSseStream } from '../sseStream';

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('Last-Event-ID with a control character', () => {
  it('reconnects (with or without the id) instead of failing every attempt forever', async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(req.headers['last-event-id'] as string | undefined);
      if (seen.length === 1) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end('id: a\x01b\ndata: one\n\n');
      } else {
        res.writeHead(204);
        res.end();
      }
      if (seen.length === 2) secondRequest(true);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
    let secondRequest: (reached: boolean) => void = () => {};
    const outcome = new Promise<boolean>((resolve) => {
      secondRequest = resolve;
    });
    const messages: SseMessage[] = [];
    const errors: unknown[] = [];
    const connection = openSseStream(url, {
      onMessage: (m) => messages.push(m),
      onError: (e) => {
        errors.push(e);
        // Five failed reconnects in a row: it is not going to get through.
        if (errors.length >= 5) secondRequest(false);
      },
      backoff: { initialDelayMs: 5, minDelayMs: 5, maxDelayMs: 5 },
    });
    close = () => {
      connection.close();
      server.close();
    };
    const reached = await outcome;
    // The event, then the gap the stream reports when it cannot resume after it.
    expect(messages.map((m) => [m.event, m.id, m.data])).toEqual([
      [undefined, 'a\x01b', 'one'],
      ['gap', undefined, ''],
    ]);
    expect(reached).toBe(true);
    // Not resumed, and said so once: the id cannot go back as a header.
    expect(seen[1]).toBeUndefined();
    expect(errors.map(String)).toEqual([expect.stringMatching(/control character.*starts afresh/)]);
  });
});
