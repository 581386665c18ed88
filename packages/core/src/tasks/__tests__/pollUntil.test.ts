import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollTimeoutError } from '../../errors/pollTimeoutError';
import { loadPollEngine } from '../pollEngine';
import { pollUntil } from '../pollUntil';
import { exponentialSchedule } from '../schedule';

// Its engine is loaded on first subscription (see lazyPoll.test.ts); in real time, before the fake timers.
beforeAll(() => loadPollEngine());
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pollUntil', () => {
  it('polls a Promise-returning read until the terminal state, emitting each reply', async () => {
    let reads = 0;
    const states = ['creating', 'provisioning', 'ready'];
    const seen: string[] = [];
    let done = false;
    pollUntil(
      async () => states[reads++] ?? 'ready',
      (state) => state === 'ready',
      { delay: () => 500 },
    ).subscribe({ next: (s) => seen.push(s), complete: () => (done = true) });
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toEqual(['creating', 'provisioning']);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['creating', 'provisioning', 'ready']);
    expect(done).toBe(true);
    expect(reads).toBe(3);
  });

  it('aborts the signal of the read in flight when unsubscribed, and reads no more', async () => {
    const signals: AbortSignal[] = [];
    const subscription = pollUntil(
      (signal) => {
        signals.push(signal);
        return new Promise<string>(() => {});
      },
      () => false,
    ).subscribe();
    await vi.advanceTimersByTimeAsync(100);
    subscription.unsubscribe();
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(signals).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('emits only changes of the distinctBy key', async () => {
    let reads = 0;
    const seen: number[] = [];
    pollUntil(
      () => Promise.resolve({ n: Math.min(3, Math.floor(reads++ / 2)) }),
      (v) => v.n === 3,
      { delay: () => 10, distinctBy: (v) => v.n },
    ).subscribe((v) => seen.push(v.n));
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('reports attempts, elapsed time and the last value on timeout', async () => {
    let error: PollTimeoutError | undefined;
    pollUntil(
      () => Promise.resolve('waiting'),
      () => false,
      { delay: () => 1000, maxAttempts: 4 },
    ).subscribe({ error: (e: PollTimeoutError) => (error = e) });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect(error).toMatchObject({ attempts: 4, elapsedMs: 3000, lastValue: 'waiting' });
  });
});

describe('exponentialSchedule', () => {
  it('grows by the factor from the interval and stops at the cap', () => {
    const wait = exponentialSchedule();
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(wait)).toEqual([1000, 1500, 2250, 3375, 5063, 7594, 10_000, 10_000]);
    const custom = exponentialSchedule({ intervalMs: 200, factor: 2, maxIntervalMs: 1000 });
    expect([1, 2, 3, 4].map(custom)).toEqual([200, 400, 800, 1000]);
  });
});

describe('pollUntil, what the caller gives it throws', () => {
  it('ends with the error isTerminal or distinctBy throws, and aborts nothing left in flight', async () => {
    for (const where of ['isTerminal', 'distinctBy'] as const) {
      const boom = new Error(`${where} threw`);
      const signals: AbortSignal[] = [];
      const outcome = new Promise<unknown>((resolve) =>
        pollUntil(
          async (signal) => {
            signals.push(signal);
            return 'running';
          },
          (state) => {
            if (where === 'isTerminal') throw boom;
            return state === 'done';
          },
          where === 'distinctBy'
            ? {
                distinctBy: () => {
                  throw boom;
                },
              }
            : {},
        ).subscribe({ error: resolve, complete: () => resolve('completed') }),
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(await outcome).toBe(boom);
      expect(signals).toHaveLength(1);
      expect(vi.getTimerCount()).toBe(0);
    }
  });
});
