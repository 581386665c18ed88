// Found by review 35's follow-up (failed before its fix): writeDelayMs, taskDurationMs and the
// latency faults only had to be finite and >= 0, and a delay past 2^31 - 1 ms fires after 1 ms in
// Node, so a task meant to run for weeks completed at once. Every service timer goes through
// createTimers, which now waits the longest a timer can instead.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTimers } from '../timers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a delay longer than a timer can hold', () => {
  it('waits the longest a timer can, not 1 ms', async () => {
    const timers = createTimers();
    const fired: string[] = [];
    timers.after(2 ** 31 + 10, () => fired.push('after'));
    timers.every(2 ** 32, () => fired.push('every'));
    void timers.sleep(3e9).then(() => fired.push('sleep'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(fired.sort()).toEqual(['after', 'every', 'sleep']);
    timers.dispose();
  });
});
