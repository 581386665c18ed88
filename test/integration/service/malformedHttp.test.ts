import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { start } from './support';

/** Sends `text` as it is on a new socket; resolves with everything the server wrote until it closed. */
function rawRequest(url: string, text: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => {
      out += chunk.toString();
    });
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('a request Node cannot parse', () => {
  it('gets the spec 400 (RequestValidationError with errors), not a bare status line', async () => {
    const running = await start();
    try {
      const answer = await rawRequest(
        running.url,
        'GET /spend_controls/sc_1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer dev-token\r\nBad Header: y\r\n\r\n',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toMatchObject({ type: 'RequestValidationError', errors: [{ code: 'malformed_request' }] });
      expect(typeof body.trace_id).toBe('string');
    } finally {
      await running.close();
    }
  });

  it('gets 405 for a method its parser does not know, as for any method the service does not serve', async () => {
    const running = await start();
    try {
      const answer = await rawRequest(
        running.url,
        'BREW /spend_controls/sc_1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer dev-token\r\n\r\n',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
      expect(answer).toMatch(/\r\nallow: GET, POST, PATCH, DELETE, OPTIONS\r\n/);
      expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toContain('"type":"MethodNotAllowed"');
    } finally {
      await running.close();
    }
  });
});
