// Regressions of review 21 (the HTTP client path): each case failed before its fix.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, scriptedClient, spendControl } from '../../client/__tests__/scripted';
import { NetworkError } from '../../errors/apiError';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

// The transport reports a failing getToken as NetworkError("… was not sent: getToken failed"), and
// the write path treats every NetworkError as "the answer was lost": it reads the latest state and
// marks the error `outcomeUnknown: true`, "It may or may not have been applied". The PATCH was never
// sent, so the outcome is known: it was not applied. docs/guide/errors-and-retries.md tells apps to
// show "maybe saved, read before resending" for outcomeUnknown.
describe('a write that was never sent is not an unknown outcome', () => {
  it('update whose getToken fails: the PATCH is not sent, and the error says so', async () => {
    const { client, requests } = scriptedClient(() => reply(200, spendControl(2)), {
      // The session expired: the token source refuses.
      getToken: () => Promise.reject(new Error('session expired')),
    });
    const pending = client.spendControls.update('sc_1', { name: 'Renamed' }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await pending;
    expect(requests.filter((q) => q.method === 'PATCH')).toHaveLength(0);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toMatch(/was not sent/);
    expect((error as NetworkError).outcomeUnknown).toBe(false);
    expect((error as NetworkError).message).not.toMatch(/may or may not have been applied/);
  });

  it('update whose getToken fails once: the PATCH goes out on the next attempt, once', async () => {
    let calls = 0;
    const { client, requests } = scriptedClient(() => reply(200, spendControl(2)), {
      getToken: () => {
        calls++;
        return calls === 1 ? Promise.reject(new Error('session expired')) : Promise.resolve('tok_again_1234');
      },
    });
    const pending = client.spendControls.update('sc_1', { name: 'Renamed' });
    await vi.runAllTimersAsync();
    expect((await pending).version).toBe(2);
    expect(requests.filter((q) => q.method === 'PATCH')).toHaveLength(1);
  });

  it('update refused with a gateway 401 whose token refresh fails: not applied, not "unknown"', async () => {
    let calls = 0;
    const { client, requests } = scriptedClient(
      (q) => (q.method === 'PATCH' ? reply(401, { message: 'expired' }) : reply(200, spendControl(1))),
      {
        getToken: () => {
          calls++;
          return calls === 1 ? 'tok_first_1234' : Promise.reject(new Error('refresh token revoked'));
        },
      },
    );
    const pending = client.spendControls.update('sc_1', { name: 'Renamed' }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await pending;
    expect(requests.filter((q) => q.method === 'PATCH')).toHaveLength(1);
    expect((error as NetworkError).outcomeUnknown).toBe(false);
  });
});
