// Regressions of review 28 (a review of this round's fixes): each case failed before its mend.
// Review 28: review 21's NetworkError.notApplied treats every 4xx an earlier attempt got as a refusal.
// A 409 IdempotencyInProgressError is the opposite: the service is applying a request with this key
// right now (a create resent with the key of an earlier call whose answer was lost, as the outbox and
// `create(input, { idempotencyKey })` do). A token failure after it is reported as "nothing the call
// asked can have been applied", while the create is being applied.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, scriptedClient } from '../../client/__tests__/scripted';
import { NetworkError } from '../../errors/apiError';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('notApplied after an idempotency-in-progress 409', () => {
  it('is false: the keyed request the 409 speaks of may be applied', async () => {
    let calls = 0;
    const { client, requests } = scriptedClient(
      (_q, index) =>
        index === 0
          ? reply(409, { message: 'in progress', type: 'idempotency_in_progress', trace_id: 't1' })
          : reply(401, { message: 'expired' }),
      {
        getToken: () => {
          calls++;
          return calls === 1 ? 'tok_first_1234' : Promise.reject(new Error('refresh token revoked'));
        },
      },
    );
    const input = {
      name: 'Travel',
      limit: { amount: 100, currency: 'EUR' },
      interval: 'monthly' as const,
      account_id: 'acc_1',
    };
    const pending = client.spendControls
      .create(input, { idempotencyKey: 'key-from-the-lost-call' })
      .catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await pending;
    expect(requests.map((q) => q.method)).toEqual(['POST', 'POST']);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toMatch(/was not sent/);
    expect((error as NetworkError).notApplied).toBe(false);
  });
});
