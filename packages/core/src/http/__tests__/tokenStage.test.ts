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

function track<T>(promise: Promise<T>) {
  const box: { state: 'pending' | 'resolved' | 'rejected'; value?: unknown } = { state: 'pending' };
  promise.then(
    (value) => {
      box.state = 'resolved';
      box.value = value;
    },
    (error: unknown) => {
      box.state = 'rejected';
      box.value = error;
    },
  );
  return box;
}

describe('a getToken that never settles', () => {
  it('is bounded by the per-attempt timeout, like every other stage of an attempt', async () => {
    const { client, requests } = scriptedClient(() => reply(200, spendControl(1)), {
      getToken: () => new Promise<string>(() => {}),
      retry: { timeoutMs: 1_000, maxAttempts: 1 },
    });
    const first = track(client.spendControls.get('sc_1'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests).toHaveLength(0);
    expect(first.state).toBe('rejected');
    expect(first.value).toBeInstanceOf(NetworkError);
    expect(first.value).toMatchObject({ timedOut: true, notApplied: true });
    expect(String(first.value)).toMatch(/was not sent: getToken gave no token within 1000 ms/);
  });

  it('is asked again on the next attempt, which goes on once the token source answers', async () => {
    let calls = 0;
    // The first token request hangs (a stalled refresh call); the auth server is fine afterwards.
    const getToken = () => {
      calls++;
      return calls === 1 ? new Promise<string>(() => {}) : Promise.resolve('tok_fresh_1234');
    };
    const { client, requests } = scriptedClient(() => reply(200, spendControl(1)), {
      getToken,
      retry: { timeoutMs: 1_000 },
    });
    const first = track(client.spendControls.get('sc_1'));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toBe(2);
    expect(requests).toHaveLength(1);
    expect(first.state).toBe('resolved');
  });

  it('does not wedge the whole client: later calls ask getToken again instead of joining the dead one', async () => {
    let calls = 0;
    const getToken = () => {
      calls++;
      return calls === 1 ? new Promise<string>(() => {}) : Promise.resolve('tok_fresh_1234');
    };
    const { client, requests } = scriptedClient(() => reply(200, spendControl(1)), { getToken });
    const controller = new AbortController();
    const first = track(client.spendControls.get('sc_1', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort(new Error('user navigated away'));
    await vi.advanceTimersByTimeAsync(0);
    expect(first.state).toBe('rejected');

    // An hour later the app reads again: the token source has long recovered.
    await vi.advanceTimersByTimeAsync(3_600_000);
    const later = track(client.spendControls.get('sc_1'));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toBeGreaterThan(1);
    expect(requests.length).toBeGreaterThan(0);
    expect(later.state).toBe('resolved');
  });
});
