import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { ApiError } from '../../errors/apiError';
import { createFakeSse, flush } from '../../events/__tests__/fakeSse';
import { createClientEvents } from '../../events/clientEvents';
import { getClientEvents } from '../getClientEvents';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('getClientEvents(client)', () => {
  it('gives one event client per client: the same object on every call, and for a part derived from it', () => {
    const client = createClient({ baseUrl: 'http://a', getToken: () => 't' });
    const other = createClient({ baseUrl: 'http://a', getToken: () => 't' });
    const events = getClientEvents(client);
    expect(getClientEvents(client)).toBe(events);
    expect(getClientEvents(Object.create(client))).toBe(events);
    expect(getClientEvents(other)).not.toBe(events);
    events.ingest({
      schema_version: '1.0',
      event_type: 'spend_control.updated',
      data: { spend_control_id: 'sc_1', version: 2, version_time: '2024-01-01T00:00:00Z' },
    });
    expect(events.getStats()).toMatchObject({ received: 1, applied: 1 });
    expect(getClientEvents(other).getStats()).toMatchObject({ received: 0 });
  });

  it('refuses an object no vstore client made, with a TypeError that says what to pass', () => {
    const client = createClient({ baseUrl: 'http://a', getToken: () => 't' });
    expect(() => getClientEvents({ ...client })).toThrow(TypeError);
    expect(() => getClientEvents({ ...client })).toThrow(/not made by a vstore client/);
  });

  it("streams from a path under the client's base URL with its token, into its store", async () => {
    const sse = createFakeSse();
    const client = createClient({
      baseUrl: 'http://127.0.0.1:4010/v1',
      getToken: () => 'dev-token',
      fetch: sse.fetch,
    });
    const disconnect = getClientEvents(client).connect('/events');
    await flush();
    expect(sse.requests[0]?.url).toBe('http://127.0.0.1:4010/v1/events');
    expect(sse.requests[0]?.headers.get('authorization')).toBe('Bearer dev-token');
    const data = { spend_control_id: 'sc_1', version: 4, version_time: '2024-01-01T00:00:00Z' };
    sse.send(
      `id: 9\ndata: ${JSON.stringify({ schema_version: '1.0', event_type: 'spend_control.updated', data })}\n\n`,
    );
    await flush();
    expect(client.store.get('spend_control', 'sc_1')).toMatchObject({ version: 4 });
    expect(
      getClientEvents(client).ingest({ schema_version: '1.0', event_type: 'spend_control.updated', data }),
    ).toBe('duplicate');
    disconnect();
    expect(getClientEvents(client).getConnectionState()).toBe('closed');
  });

  it("reuses the client's cached token on reconnect, and refreshes it once after a 401", async () => {
    const sse = createFakeSse();
    let calls = 0;
    const client = createClient({ baseUrl: 'http://a', getToken: () => `tok-${++calls}`, fetch: sse.fetch });
    const disconnect = getClientEvents(client).connect('/events');
    const reconnect = async () => {
      sse.end();
      await flush();
      // Past the longest delay of a second failed attempt: 2 × the 1 s default.
      await vi.advanceTimersByTimeAsync(2000);
      await flush();
    };
    await flush();
    await reconnect();
    sse.reply(() => new Response('{"message":"expired"}', { status: 401 }));
    await reconnect();
    await flush();
    expect(sse.requests.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer tok-1',
      'Bearer tok-1',
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
    expect(calls).toBe(2);
    disconnect();
  });

  it("sends the token in the headers the client's authorize makes", async () => {
    const sse = createFakeSse();
    const client = createClient({
      baseUrl: 'http://a',
      getToken: () => 'tok',
      fetch: sse.fetch,
      authorize: (token) => ({ 'x-api-key': token }),
    });
    const disconnect = getClientEvents(client).connect('/events');
    await flush();
    expect(sse.requests[0]?.headers.get('x-api-key')).toBe('tok');
    expect(sse.requests[0]?.headers.has('authorization')).toBe(false);
    disconnect();
  });

  it("takes the options of the client's events from createClient", async () => {
    const sse = createFakeSse();
    const errors: unknown[] = [];
    const client = createClient({
      baseUrl: 'http://a',
      getToken: () => 'tok',
      fetch: sse.fetch,
      events: { onError: (error) => errors.push(error) },
    });
    sse.reply(() => new Response('gone', { status: 404 }));
    getClientEvents(client).connect('/events');
    await flush();
    expect(errors[0]).toBeInstanceOf(ApiError);
    expect(getClientEvents(client).getConnectionState()).toBe('closed');
  });

  it('takes absolute relay URLs as they are', async () => {
    const sse = createFakeSse();
    const events = createClientEvents({
      store: createClient({ baseUrl: 'http://a', getToken: () => 't' }).store,
      baseUrl: 'http://a/v1/',
      fetch: sse.fetch,
    });
    const stop = events.connect('https://relay.example/stream');
    const stopRelative = events.connect('events');
    await flush();
    expect(sse.requests.map((r) => r.url)).toEqual(['https://relay.example/stream', 'http://a/v1/events']);
    stop();
    stopRelative();
  });
});
