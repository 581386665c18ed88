import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSseBackoff } from '../sseBackoff';
import { connectFake, flush } from './fakeSse';

describe('createSseBackoff', () => {
  it('grows per failed attempt, within the bounds', () => {
    const backoff = createSseBackoff({ initialDelayMs: 100, maxDelayMs: 1000, minDelayMs: 10 }, () => 0);
    expect([0, 0, 0, 0, 0, 0].map(() => backoff.next(0))).toEqual([100, 100, 200, 400, 500, 500]);
    // A Retry-After is waited out in full, past the bound: the service said not to come back sooner.
    expect(backoff.next(0, 5000)).toBe(5000);
    expect(backoff.next(0, 120_000)).toBe(120_000);
  });

  it('never waits less than the reconnection time, so the first reconnect waits it exactly', () => {
    const options = { initialDelayMs: 100, maxDelayMs: 1000, minDelayMs: 10 };
    const most = createSseBackoff(options, () => 1);
    expect([0, 0, 0, 0, 0].map(() => most.next(0))).toEqual([100, 200, 400, 800, 1000]);
    const retry = createSseBackoff({}, () => 0);
    retry.setBase(3000);
    expect([0, 0, 0].map(() => retry.next(0))).toEqual([3000, 3000, 6000]);
  });

  it('starts over only after a stream stayed open for resetAfterMs', () => {
    const backoff = createSseBackoff({ initialDelayMs: 100, minDelayMs: 10, resetAfterMs: 5000 }, () => 1);
    backoff.next(0);
    backoff.opened(0);
    expect(backoff.next(4999)).toBe(200);
    backoff.opened(10_000);
    expect(backoff.next(15_000)).toBe(100);
  });

  it("floors every delay, a server's retry: 0 included, and still grows from the floor", () => {
    const backoff = createSseBackoff({}, () => 0);
    backoff.setBase(0);
    expect([0, 0, 0, 0].map(() => backoff.next(0))).toEqual([250, 250, 500, 1000]);
  });
});

describe('createSseConnection backoff', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a stream that says retry: 0 and closes at once no reconnect storm', async () => {
    const { sse, connection } = connectFake();
    const closingAtOnce = () =>
      new Response('retry: 0\n\n', { headers: { 'content-type': 'text/event-stream' } });
    for (let i = 0; i < 20; i++) sse.reply(closingAtOnce);
    const start = Date.now();
    for (let i = 0; i < 200 && Date.now() - start < 2000; i++) {
      await vi.advanceTimersByTimeAsync(10);
      await flush();
    }
    const times = sse.requests.map((r) => r.at - start);
    expect(times).toEqual([0, 250, 500, 1000, 2000]);
    connection.close();
  });
});
