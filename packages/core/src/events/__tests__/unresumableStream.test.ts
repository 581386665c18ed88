// Regressions of review 28 (a review of this round's fixes): each case failed before its mend.
// Review 28: review 23 made an event id with a control character "not resumed": the reconnect goes
// out without Last-Event-ID, so the relay starts from now and every event published while the
// stream was down is skipped. The client knows events were lost, yet only a TypeError goes to
// onError; onGap, the documented "events were lost, refetch what the page shows", is never called.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEntityStore } from '../../store/entityStore';
import { createClientEvents } from '../clientEvents';
import { createFakeSse, flush } from './fakeSse';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a reconnect that cannot resume', () => {
  it('tells the app through onGap that events were lost', async () => {
    const sse = createFakeSse();
    const errors: unknown[] = [];
    const events = createClientEvents({
      store: createEntityStore(),
      baseUrl: 'http://127.0.0.1:4010',
      fetch: sse.fetch,
      getToken: () => 'tok-abc',
      onError: (e) => errors.push(e),
      backoff: { initialDelayMs: 100, minDelayMs: 100, maxDelayMs: 100 },
    });
    const onGap = vi.fn();
    const disconnect = events.connect('/events', { onGap });
    await flush();
    sse.send('id: 7\x01x\ndata: {}\n\n');
    await flush();
    sse.fail(); // the network drops; events published meanwhile are in the relay's buffer
    await flush();
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    expect(sse.requests).toHaveLength(2);
    expect(sse.requests[1]?.headers.get('last-event-id')).toBeNull(); // not resumed
    expect(onGap).toHaveBeenCalledTimes(1);
    disconnect();
  });
});
