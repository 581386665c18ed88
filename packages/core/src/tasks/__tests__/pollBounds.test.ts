// Regressions of review 23: poll limits and waits past what a timer takes (2^31-1 ms fire at once).
// A timer set for more than 2^31 - 1 ms fires after 1 ms (browsers and Node alike; vitest's fake
// timers do the same). The SSE code guards against it (MAX_TIMER_MS); the poll loop does not.
import { firstValueFrom, of, toArray } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPollEngine } from '../pollEngine';
import { pollUntil } from '../pollUntil';

beforeAll(() => loadPollEngine());
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function run<T>(source: Promise<T>): Promise<T | unknown> {
  const settled = source.then(
    (value) => value,
    (error: unknown) => error,
  );
  await vi.advanceTimersByTimeAsync(1_000);
  return settled;
}

describe('polling bounds past the timer range', () => {
  it.each([
    ['Infinity (only maxAttempts bounds it)', Number.POSITIVE_INFINITY],
    ['30 days', 30 * 24 * 3_600_000],
  ])('a maxDurationMs of %s does not end a poll after 1 ms in PollTimeoutError', async (_, maxDurationMs) => {
    let reads = 0;
    const result = await run(
      firstValueFrom(
        pollUntil(
          () => of(++reads),
          (n) => n >= 3,
          { maxDurationMs, delay: () => 100, maxAttempts: 10 },
        ).pipe(toArray()),
      ),
    );
    expect(result).toEqual([1, 2, 3]);
  });

  it('a wait past 2^31 - 1 ms does not turn into a read every millisecond', async () => {
    let reads = 0;
    const subscription = pollUntil(
      () => of(++reads),
      () => false,
      { delay: () => 2 ** 31, maxAttempts: 50, maxDurationMs: 2 ** 31 - 1 },
    ).subscribe({ error: () => {} });
    await vi.advanceTimersByTimeAsync(1_000);
    subscription.unsubscribe();
    expect(reads).toBe(1);
  });
});
