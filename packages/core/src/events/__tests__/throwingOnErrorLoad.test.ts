// Regressions of review 28 (a review of this round's fixes): each case failed before its mend.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('../sseStream');
  vi.resetModules();
});

// Review 28: review 23 made a throwing onError harmless inside the stream (sseStream's `report`), but
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
