// Regressions of review 23 (tasks, events, SSE): each case failed before its fix.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectFake as connect, flush } from './fakeSse';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  process.prependListener('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.removeListener('unhandledRejection', onUnhandled);
  vi.useRealTimers();
});

describe('an onError callback that throws', () => {
  it('does not end the reconnect loop silently (state stuck, no further attempt)', async () => {
    let calls = 0;
    const { sse, connection } = connect({
      fetch: (() => {
        return Promise.reject(new TypeError('ECONNREFUSED'));
      }) as typeof fetch,
      onError: () => {
        calls += 1;
        if (calls === 1) throw new Error('logger failed');
      },
    });
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    await flush();
    const state = connection.state;
    connection.close();
    expect({ calls: calls > 1, state, unhandled: unhandled.map(String) }).toEqual({
      calls: true,
      state: 'reconnecting',
      unhandled: [],
    });
    void sse;
  });
});
