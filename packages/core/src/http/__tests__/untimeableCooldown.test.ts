// Regressions of review 28 (a review of this round's fixes): each case failed before its mend.
// Review 28: review 21 made a Retry-After "no timer can take" (past 2^31-1 ms, about 24.8 days) end
// the call at once, "the same way" as one past maxRetryAfterMs, "whatever maxRetryAfterMs says".
// But under maxRetryAfterMs: Infinity the client-wide cooldown is still set to it (only waits past
// maxRetryAfterMs skip it), and the cooldown now waits in capped 24.8-day rounds: the first call
// ends at once, and every later call of the client hangs for weeks without sending or timing out.
// (Before, the over-long timer fired at once and later calls went out.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, scriptedClient, spendControl } from '../../client/__tests__/scripted';
import { RateLimitError } from '../../errors/apiError';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a Retry-After no timer can take, under maxRetryAfterMs: Infinity', () => {
  it('ends the call, and does not hold every later call back for weeks', async () => {
    const FORTY_DAYS_S = String(40 * 24 * 3600);
    const { client, requests } = scriptedClient(
      (_q, index) =>
        index === 0 ? reply(429, {}, { 'retry-after': FORTY_DAYS_S }) : reply(200, spendControl(1)),
      { retry: { maxRetryAfterMs: Number.POSITIVE_INFINITY } },
    );
    const first = await client.spendControls.get('sc_1').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(RateLimitError);

    // The UI offers "try again"; the user clicks a minute later.
    await vi.advanceTimersByTimeAsync(60_000);
    let settled = false;
    const again = client.spendControls.get('sc_1').finally(() => {
      settled = true;
    });
    again.catch(() => {});
    await vi.advanceTimersByTimeAsync(10 * 60_000); // ten minutes: far past any timeoutMs
    expect(requests.length).toBe(2);
    expect(settled).toBe(true);
  });
});
