import { createClient } from '@vstore/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Minimal reproductions of bugs the chaos soak found, in virtual time. Each stays here, named after
// what it shows, once the fix lands in its package.

afterEach(() => {
  vi.useRealTimers();
});

const control = (id: string) => ({
  spend_control_id: id,
  version: 1,
  version_time: '2026-01-01T00:00:00.000Z',
  name: id,
  status: 'active',
  limit: { amount: 1, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const rateLimited = () =>
  json(
    429,
    { message: 'Too many requests.', type: 'RateLimitExceeded', trace_id: 'trace_1' },
    { 'retry-after': '1' },
  );

describe('soak regressions', () => {
  it('holds a request that waits out one Retry-After until a later 429 of the same client has passed too', async () => {
    vi.useFakeTimers({ now: 0 });
    const sent: { id: string; at: number }[] = [];
    const attempts = new Map<string, number>();
    // sc_a: 429 at once; sc_b: 429 after 500 ms (a reply that was slow to arrive); then 200s.
    const fakeFetch: typeof fetch = (input) => {
      const id = String(input).split('/').at(-1) ?? '';
      const n = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, n);
      sent.push({ id, at: Date.now() });
      const limited = n === 1 && (id === 'sc_a' || id === 'sc_b');
      const delay = limited && id === 'sc_b' ? 500 : 0;
      return new Promise((resolve) =>
        setTimeout(() => resolve(limited ? rateLimited() : json(200, control(id))), delay),
      );
    };
    const client = createClient({
      baseUrl: 'http://service.test',
      getToken: () => 'token',
      fetch: fakeFetch,
      random: () => 0,
      retry: { budget: false },
    });

    const a = client.spendControls.get('sc_a');
    const b = client.spendControls.get('sc_b');
    await vi.advanceTimersByTimeAsync(100);
    // Issued inside the window of sc_a's 429 (0 → 1000 ms); sc_b's 429 at 500 ms extends it to 1500 ms.
    const c = client.spendControls.get('sc_c');
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all([a, b, c]);

    const cAt = sent.find((s) => s.id === 'sc_c')?.at;
    expect(cAt).toBeGreaterThanOrEqual(1500);
  });
});
