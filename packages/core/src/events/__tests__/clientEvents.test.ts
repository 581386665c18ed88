import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnsupportedSchemaVersionError } from '../../errors/unsupportedSchemaVersionError';
import { createEntityStore } from '../../store/entityStore';
import { createClientEvents } from '../clientEvents';
import type { ConnectionState } from '../sseConnectionOptions';
import { createFakeSse, flush } from './fakeSse';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const payload = (version: number, schemaVersion = '1.0') =>
  JSON.stringify({
    schema_version: schemaVersion,
    event_type: 'spend_control.updated',
    data: { spend_control_id: 'sc_1', version, version_time: '2024-01-01T00:00:00Z', name: `v${version}` },
  });

function setup() {
  const sse = createFakeSse();
  const store = createEntityStore();
  const errors: unknown[] = [];
  const events = createClientEvents({
    store,
    baseUrl: 'http://127.0.0.1:4010/api/',
    fetch: sse.fetch,
    getToken: () => 'tok-abc',
    onError: (e) => errors.push(e),
    backoff: { initialDelayMs: 100 },
  });
  return { sse, store, errors, events };
}

describe('createClientEvents', () => {
  it('streams relay payloads into the store and exposes connection state', async () => {
    const { sse, store, events } = setup();
    const states: ConnectionState[] = [];
    events.connectionState$.subscribe((s) => states.push(s));
    expect(events.getConnectionState()).toBe('closed');
    const disconnect = events.connect('events');
    await flush();
    expect(sse.requests[0]?.url).toBe('http://127.0.0.1:4010/api/events');
    expect(events.getConnectionState()).toBe('open');
    sse.send(`id: 1\ndata: ${payload(2)}\n\nid: 2\ndata: ${payload(1)}\n\nid: 3\ndata: ${payload(2)}\n\n`);
    await flush();
    expect(store.get('spend_control', 'sc_1')).toMatchObject({ version: 2 });
    expect(events.getStats()).toMatchObject({ received: 3, applied: 1, stale: 1, duplicate: 1 });
    expect(events.getLastEventId()).toBe('3');
    disconnect();
    expect(events.getConnectionState()).toBe('closed');
    expect(states).toEqual(['closed', 'connecting', 'open', 'closed']);
  });

  it('keeps the stream after a payload it cannot read, reporting it', async () => {
    const { sse, store, errors, events } = setup();
    const disconnect = events.connect('/events');
    await flush();
    sse.send(`data: ${payload(1, '2.0')}\n\ndata: {not json\n\ndata: ${payload(3)}\n\n`);
    await flush();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(UnsupportedSchemaVersionError);
    expect(store.get('spend_control', 'sc_1')?.version).toBe(3);
    expect(events.getStats()).toMatchObject({ received: 3, unsupported: 1, ignored: 1, applied: 1 });
    expect(events.getConnectionState()).toBe('open');
    disconnect();
  });

  it("tells the app about a relay's gap instead of ingesting it", async () => {
    const { sse, events } = setup();
    const onGap = vi.fn();
    const disconnect = events.connect('/events', { lastEventId: '5', onGap });
    await flush();
    expect(sse.requests[0]?.headers.get('last-event-id')).toBe('5');
    sse.send('event: gap\ndata: {"last_event_id":5}\n\nevent: other\ndata: {}\n\n');
    await flush();
    expect(onGap).toHaveBeenCalledTimes(1);
    expect(events.getStats().received).toBe(0);
    disconnect();
  });

  it('reports the newest connection only, and a replaced connection no longer moves the state', async () => {
    const { events } = setup();
    const first = events.connect('/events');
    const second = events.connect('/events');
    await flush();
    first();
    expect(events.getConnectionState()).toBe('open');
    second();
    expect(events.getConnectionState()).toBe('closed');
    expect(vi.getTimerCount()).toBe(0);
  });
});
