// Found by review 37 (failed before its fix): a getToken call that never settled held the event stream
// down for good, with nothing reported: the connect deadline was armed only after the token came, and
// the client's stream joined the same stuck call on every retry, where its requests ask again.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { getClientEvents } from '../../client/getClientEvents';
import { NetworkError } from '../../errors/apiError';
import { connectFake, createFakeSse, flush } from './fakeSse';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

// A token source that hangs once (a refresh request stuck on a dead socket) and answers after.
const hangingOnce = () => {
  let calls = 0;
  return vi.fn(() => (++calls === 1 ? new Promise<string>(() => {}) : Promise.resolve('tok-fresh')));
};

it('a getToken that never settles does not hold the event stream down for good', async () => {
  const getToken = hangingOnce();
  const { sse, errors, connection } = connectFake({ getToken });
  await flush();
  expect(sse.requests).toHaveLength(0);
  // Well past the connect timeout (30 s) and the longest backoff (30 s).
  for (let i = 0; i < 12; i++) {
    await vi.advanceTimersByTimeAsync(10_000);
    await flush();
  }
  // The stuck token stage times out like a stuck connect, is reported, and the next
  // attempt asks for a token again and connects.
  expect(errors[0]).toBeInstanceOf(NetworkError);
  expect(errors[0]).toMatchObject({ timedOut: true });
  expect(sse.requests.length).toBeGreaterThan(0);
  expect(connection.state).toBe('open');
  connection.close();
});

it("the client's event stream recovers, as the client's own requests do, from a getToken call that never settled", async () => {
  const getToken = hangingOnce();
  const sse = createFakeSse();
  const control = {
    spend_control_id: 'sc_1',
    version: 1,
    version_time: '2026-01-01T00:00:00Z',
    name: 'A',
    status: 'active',
    limit: { amount: 1, currency: 'USD' },
    interval: 'daily',
    account_id: 'acc_1',
  };
  const fetch = (async (input: string | URL | Request, init?: RequestInit) =>
    String(input).includes('/events')
      ? sse.fetch(input, init)
      : new Response(JSON.stringify(control), {
          headers: { 'content-type': 'application/json' },
        })) as typeof globalThis.fetch;
  const client = createClient({ baseUrl: 'https://api.test', getToken, fetch });
  const events = getClientEvents(client);
  const disconnect = events.connect('/events');
  await flush();
  // A read made now joins the stuck call, then gives up on it and asks getToken again.
  const read = client.spendControls.get('sc_1').catch((error: unknown) => error);
  for (let i = 0; i < 24; i++) {
    await vi.advanceTimersByTimeAsync(10_000);
    await flush();
  }
  expect(getToken).toHaveBeenCalledTimes(2);
  expect(await read).toMatchObject({ spend_control_id: 'sc_1' });
  // The requests got their token, and so did the stream, once its first wait timed out.
  expect(sse.requests.length).toBeGreaterThan(0);
  expect(events.getConnectionState()).toBe('open');
  disconnect();
});

it('closing while a token is awaited ends the attempt at once: nothing reported, no reconnect', async () => {
  const getToken = vi.fn(() => new Promise<string>(() => {}));
  const { sse, errors, connection } = connectFake({ getToken });
  await flush();
  connection.close();
  await vi.advanceTimersByTimeAsync(120_000);
  expect({ calls: getToken.mock.calls.length, requests: sse.requests.length, errors }).toEqual({
    calls: 1,
    requests: 0,
    errors: [],
  });
});
