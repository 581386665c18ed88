import { ApiError } from '@vstore/core';
import { afterAll, beforeAll, describe, it, type TestContext } from 'vitest';
import { openEventSource, type WptSource } from './openEventSource';
import { startWptServer, type WptServer } from './wptServer';

// web-platform-tests eventsource/request-status-error.window.js: a status other than 200 fails the
// connection (readyState CLOSED, no message), except where the service's contract retries (503).

let server: WptServer;
beforeAll(async () => {
  server = await startWptServer();
});
afterAll(() => server.close());

function open(t: TestContext, status: number): WptSource {
  // A short reconnection time, so the contract's retry of a 503 shows within the test.
  const source = openEventSource(server.url(`/status-error?status=${status}`), {
    backoff: { initialDelayMs: 100 },
  });
  t.onTestFinished(() => source.close());
  return source;
}

describe.concurrent('web-platform-tests eventsource/request-status-error', () => {
  for (const status of [204, 205, 210, 299, 404, 410]) {
    it(`request-status-error.window.js › EventSource: incorrect HTTP status code (${status})`, async (t) => {
      const s = open(t, status);
      await s.until(() => s.readyState() === 'CLOSED', 'CLOSED');
      t.expect(s.messages).toEqual([]);
      t.expect(s.requests).toHaveLength(1);
      // 204 is the standard's "stop reconnecting": the connection closes without an error to report.
      if (status === 204) t.expect(s.errors).toEqual([]);
      else t.expect(s.errors).toMatchObject([{ status }]);
    });
  }

  // Excluded on purpose (README.md): the standard fails the connection on a 503; the service's
  // contract retries it with backoff, as it does 408, 429, 500, 502 and 504.
  it('request-status-error.window.js › EventSource: incorrect HTTP status code (503), retried by contract', async (t) => {
    const s = open(t, 503);
    await s.until(() => s.requests.length >= 2, 'a second attempt');
    t.expect(s.readyState()).toBe('CONNECTING');
    t.expect(s.messages).toEqual([]);
    t.expect(s.errors[0]).toBeInstanceOf(ApiError);
    t.expect(s.errors[0]).toMatchObject({ status: 503 });
  });
});
