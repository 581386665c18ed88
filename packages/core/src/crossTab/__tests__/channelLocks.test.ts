import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChannelLocks } from '../channelLocks';
import { createChannelHub } from './channelHub';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Tabs on one in-memory channel; their random sources differ so tickets differ. */
function tabs(count: number) {
  const hub = createChannelHub();
  let seed = 0;
  return Array.from({ length: count }, () => {
    let state = ++seed * 7919;
    const random = () => {
      state = (state * 48271) % 2147483647;
      return state / 2147483647;
    };
    return createChannelLocks({ BroadcastChannel: hub.Channel, heartbeatMs: 100, settleMs: 20, random });
  });
}

/** A callback that records overlap and holds the lock until `release()` is called. */
function holder(log: string[], name: string, active: { now: number; max: number }) {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const callback = async () => {
    active.now++;
    active.max = Math.max(active.max, active.now);
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    active.now--;
    return name;
  };
  return { callback, release: () => release() };
}

describe('createChannelLocks', () => {
  it('lets one tab hold a name at a time; the others get it after release', async () => {
    const [a, b, c] = tabs(3);
    const log: string[] = [];
    const active = { now: 0, max: 0 };
    const ha = holder(log, 'a', active);
    const hb = holder(log, 'b', active);
    const hc = holder(log, 'c', active);
    const results = [
      a?.request('L', {}, ha.callback),
      b?.request('L', {}, hb.callback),
      c?.request('L', {}, hc.callback),
    ];
    await vi.advanceTimersByTimeAsync(500);
    expect(log).toHaveLength(1);
    for (let round = 0; round < 3; round++) {
      for (const h of [ha, hb, hc]) h.release();
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(active.max).toBe(1);
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(3);
    expect((await Promise.all(results)).sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps other names independent', async () => {
    const [a, b] = tabs(2);
    const log: string[] = [];
    const active = { now: 0, max: 0 };
    const h1 = holder(log, 'x', active);
    const h2 = holder(log, 'y', active);
    void a?.request('X', {}, h1.callback);
    void b?.request('Y', {}, h2.callback);
    await vi.advanceTimersByTimeAsync(100);
    expect(active.now).toBe(2);
    h1.release();
    h2.release();
  });

  it('passes the lock on when the holding tab vanishes without releasing (its lease lapses)', async () => {
    const [a, b] = tabs(2);
    const log: string[] = [];
    const active = { now: 0, max: 0 };
    const ha = holder(log, 'a', active);
    const hb = holder(log, 'b', active);
    void a?.request('L', {}, ha.callback);
    await vi.advanceTimersByTimeAsync(100);
    void b?.request('L', {}, hb.callback);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual(['start a']);
    a?.close(); // the tab is gone: no more heartbeats, no release message
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual(['start a', 'start b']);
    hb.release();
  });

  it('rejects an aborted request with AbortError without running its callback', async () => {
    const [a, b] = tabs(2);
    const log: string[] = [];
    const active = { now: 0, max: 0 };
    const ha = holder(log, 'a', active);
    void a?.request('L', {}, ha.callback);
    await vi.advanceTimersByTimeAsync(100);
    const abort = new AbortController();
    const waiting = b?.request('L', { signal: abort.signal }, async () => log.push('b ran'));
    const outcome = expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(300);
    abort.abort();
    await outcome;
    ha.release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual(['start a', 'end a']);
  });

  it('queues requests of the same tab behind each other', async () => {
    const [a] = tabs(1);
    const log: string[] = [];
    const active = { now: 0, max: 0 };
    const h1 = holder(log, '1', active);
    const h2 = holder(log, '2', active);
    void a?.request('L', {}, h1.callback);
    void a?.request('L', {}, h2.callback);
    await vi.advanceTimersByTimeAsync(200);
    expect(log).toEqual(['start 1']);
    h1.release();
    await vi.advanceTimersByTimeAsync(200);
    expect(log).toEqual(['start 1', 'end 1', 'start 2']);
    h2.release();
    await vi.advanceTimersByTimeAsync(10);
    expect(active.max).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('releases when the callback throws', async () => {
    const [a, b] = tabs(2);
    await vi.advanceTimersByTimeAsync(0);
    const failed = a?.request('L', {}, async () => {
      throw new Error('poll failed');
    });
    const outcome = expect(failed).rejects.toThrow('poll failed');
    await vi.advanceTimersByTimeAsync(100);
    await outcome;
    const next = b?.request('L', {}, async () => 'b');
    await vi.advanceTimersByTimeAsync(100);
    await expect(next).resolves.toBe('b');
  });
});
