// Found by review 35 (failed before its fix): a CONNECT request got no answer at all, its socket
// closed without a word, while every other method no route serves gets a 405 with Allow.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createService } from '../createService';
import type { ListeningService } from '../nodeServer';
import { TOKEN } from './request';

let server: ListeningService | undefined;
afterEach(() => server?.close());

/** Sends `request` as raw bytes and reads until the server closes the connection. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
    socket.write(request);
  });
}

describe('CONNECT over the Node server', () => {
  it('is answered 405 MethodNotAllowed with Allow, then the connection is closed', async () => {
    server = await createService().listen({ port: 0 });
    const answer = await exchange(
      Number(new URL(server.url).port),
      `CONNECT 127.0.0.1:9 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toMatch(/\r\nallow: GET, POST, PATCH, DELETE, OPTIONS\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/);
    expect(answer).toContain('"type":"MethodNotAllowed"');
  });
});
