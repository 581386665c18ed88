// Regressions of review 28 (a review of this round's fixes): each case failed before its mend.
// Review 28: the getToken deadline (review 21's fix) turned a slow-but-working token source into a
// failure. A getToken that answers after timeoutMs (an interactive sign-in, an MFA prompt, a slow
// identity provider) worked before: the call waited for it. Now each attempt abandons the fetch at
// timeoutMs and the next attempt calls getToken again, so one that always takes longer never wins.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, scriptedClient, spendControl } from '../../client/__tests__/scripted';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const slowToken = (ms: number) => {
  let calls = 0;
  const getToken = () => {
    calls++;
    return new Promise<string>((resolve) => setTimeout(() => resolve('tok_slow_1234'), ms));
  };
  return { getToken, calls: () => calls };
};

describe('a getToken slower than timeoutMs', () => {
  it('a read still succeeds once the token arrives, with one getToken call (not one per attempt)', async () => {
    const source = slowToken(45_000); // the user takes 45 s to finish the sign-in popup
    const { client, requests } = scriptedClient(() => reply(200, spendControl(1)), {
      getToken: source.getToken,
      retry: { timeoutMs: 30_000 },
    });
    const result = client.spendControls.get('sc_1').then(
      (v) => ({ ok: true as const, v }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    await vi.advanceTimersByTimeAsync(600_000);
    const settled = await result;
    expect(settled.ok ? 'resolved' : String((settled as { e: unknown }).e)).toBe('resolved');
    expect(requests).toHaveLength(1);
    // getToken promises to be shared by concurrent requests and called again only after a 401.
    expect(source.calls()).toBe(1);
  });

  it('an update (never resent) still goes out once the token arrives', async () => {
    const source = slowToken(35_000);
    const { client, requests } = scriptedClient(
      (q) => (q.method === 'PATCH' ? reply(200, spendControl(2)) : reply(200, spendControl(1))),
      { getToken: source.getToken, retry: { timeoutMs: 30_000 } },
    );
    const result = client.spendControls.update('sc_1', { name: 'Renamed' }).then(
      () => 'resolved',
      (e: unknown) => String(e),
    );
    await vi.advanceTimersByTimeAsync(600_000);
    expect(await result).toBe('resolved');
    expect(requests.filter((q) => q.method === 'PATCH')).toHaveLength(1);
  });
});
