import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionState } from '../sseConnectionOptions';
import type * as StreamModule from '../sseStream';
import { createFakeSse, flush } from './fakeSse';

// `createSseConnection` brings the stream's code (./sseStream) in with a dynamic import on its first
// call. Each test runs over a fresh module graph whose `./sseStream` loads as the test says: held
// until released, or failing first.

type Load = (actual: () => Promise<typeof StreamModule>) => Promise<typeof StreamModule>;

async function freshGraph(load: Load) {
  vi.resetModules();
  let loads = 0;
  vi.doMock('../sseStream', () => {
    loads++;
    return load(() => vi.importActual<typeof StreamModule>('../sseStream'));
  });
  const { createSseConnection, loadSseStream } = await import('../sseConnection');
  const { createClientEvents } = await import('../clientEvents');
  const { createEntityStore } = await import('../../store/entityStore');
  // The load the first connection started, settled (either way), and what followed from it run.
  const settled = async () => {
    await loadSseStream().catch(() => {});
    await flush();
  };
  return { createSseConnection, createClientEvents, createEntityStore, settled, loads: () => loads };
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('../sseStream');
  vi.resetModules();
});

describe('createSseConnection, its stream loaded on the first call', () => {
  it('is connecting from the call on and keeps the last id given; it connects once the code is in', async () => {
    const held = gate();
    const { createSseConnection, settled } = await freshGraph(async (actual) => {
      await held.opened;
      return actual();
    });
    const sse = createFakeSse();
    const states: ConnectionState[] = [];
    const connection = createSseConnection('http://127.0.0.1:1/events', {
      fetch: sse.fetch,
      lastEventId: '7',
      onMessage: () => {},
    });
    connection.state$.subscribe((state) => states.push(state));
    expect(connection.state).toBe('connecting');
    expect(connection.lastEventId).toBe('7');
    await flush();
    expect(sse.requests).toHaveLength(0);

    held.open();
    await settled();
    expect(sse.requests).toHaveLength(1);
    expect(sse.requests[0]?.headers.get('last-event-id')).toBe('7');
    sse.send('id: 8\ndata: x\n\n');
    await flush();
    expect(connection.lastEventId).toBe('8');
    connection.close();
    expect(states).toEqual(['connecting', 'open', 'closed']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closed before the code has loaded, it never sends a request nor starts a timer', async () => {
    const held = gate();
    const { createSseConnection, loads, settled } = await freshGraph(async (actual) => {
      await held.opened;
      return actual();
    });
    const sse = createFakeSse();
    const states: ConnectionState[] = [];
    const connection = createSseConnection('http://127.0.0.1:1/events', {
      fetch: sse.fetch,
      onMessage: () => {},
    });
    connection.state$.subscribe({
      next: (state) => states.push(state),
      complete: () => states.push('closed'),
    });
    connection.close();
    connection.close();
    held.open();
    await settled();
    expect(loads()).toBe(1);
    expect(sse.requests).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    // `closed` once as a state, then the completion.
    expect(states).toEqual(['connecting', 'closed', 'closed']);
  });

  it('reports a load that fails and ends closed; the next call loads again and connects', async () => {
    const refused = new TypeError('Failed to fetch dynamically imported module');
    let failNext = true;
    const { createSseConnection, loads, settled } = await freshGraph(async (actual) => {
      if (failNext) {
        failNext = false;
        throw refused;
      }
      return actual();
    });
    const sse = createFakeSse();
    const errors: unknown[] = [];
    const first = createSseConnection('http://127.0.0.1:1/events', {
      fetch: sse.fetch,
      onMessage: () => {},
      onError: (error) => errors.push(error),
    });
    await settled();
    // Under vitest the mocked loader's failure arrives wrapped (its `cause`); in a browser, the TypeError itself.
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).cause).toBe(refused);
    expect(first.state).toBe('closed');

    const second = createSseConnection('http://127.0.0.1:1/events', {
      fetch: sse.fetch,
      onMessage: () => {},
    });
    await settled();
    expect(loads()).toBe(2);
    expect(sse.requests).toHaveLength(1);
    expect(second.state).toBe('open');
    second.close();
  });

  it("a client's events show connecting, then closed when disconnected before the code is in", async () => {
    const held = gate();
    const { createClientEvents, createEntityStore, settled } = await freshGraph(async (actual) => {
      await held.opened;
      return actual();
    });
    const sse = createFakeSse();
    const events = createClientEvents({
      store: createEntityStore(),
      baseUrl: 'http://127.0.0.1:1',
      fetch: sse.fetch,
    });
    const states: ConnectionState[] = [];
    events.connectionState$.subscribe((state) => states.push(state));
    const disconnect = events.connect('/events', { lastEventId: '3' });
    expect(events.getConnectionState()).toBe('connecting');
    expect(events.getLastEventId()).toBe('3');
    disconnect();
    held.open();
    await settled();
    expect(sse.requests).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(states).toEqual(['closed', 'connecting', 'closed']);
  });
});

// Regression (review 28): review 23 made a throwing onError harmless inside the stream (sseStream's `report`), but
// the connection's own report of a failed code load calls onError bare, then `end()`. An onError
// that throws there leaves the connection `connecting` forever (and an unhandled rejection).
describe('a throwing onError when the stream code fails to load', () => {
  it('still ends the connection closed', async () => {
    const refused = new TypeError('Failed to fetch dynamically imported module');
    const { createSseConnection, settled } = await freshGraph(async () => {
      throw refused;
    });
    const sse = createFakeSse();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const connection = createSseConnection('http://127.0.0.1:1/events', {
        fetch: sse.fetch,
        onMessage: () => {},
        onError: () => {
          throw new Error('the app logger is broken');
        },
      });
      await settled();
      await flush();
      expect(connection.state).toBe('closed');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
