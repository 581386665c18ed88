import { GatewayError } from '@vstore/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, TOKEN } from './support';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('rate limiting over HTTP', () => {
  it('honours Retry-After, holds every other request through the cooldown, and completes all calls', async () => {
    harness = await startHarness({ rateLimit: { capacity: 3, refillPerSecond: 4 } });
    const client = harness.client();
    const calls = [
      client.spendControls.get('sc_1'),
      client.spendControls.get('sc_2'),
      client.spendControls.get('sc_3'),
      client.accounts.get('acc_1'),
      client.accounts.get('acc_2'),
      client.spendControls.history('sc_1'),
    ];
    const results = await Promise.all(calls);
    expect(results).toHaveLength(6);

    const limited = harness.sent.filter((s) => s.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    const firstLimit = Math.min(...limited.map((s) => s.at));
    // Retry-After is 1 s: nothing was sent in the second after the first 429 was answered,
    // apart from requests already on the wire when it came back.
    const inCooldown = harness.sent.filter((s) => s.at > firstLimit + 50 && s.at < firstLimit + 1000);
    expect(inCooldown).toEqual([]);
    // No burst: at most the requests that were in flight together got a 429 each, once.
    expect(limited.length).toBeLessThanOrEqual(3);
  });

  it('refreshes the token once on a gateway 401 and carries on', async () => {
    harness = await startHarness({ rateLimit: false });
    const tokens = ['expired-token', TOKEN];
    let calls = 0;
    const client = harness.client({ getToken: () => tokens[Math.min(calls++, 1)] ?? TOKEN });
    const got = await client.spendControls.get('sc_1');
    expect(got.version).toBe(1);
    expect(harness.sent.map((s) => s.status)).toEqual([401, 200]);
    expect(calls).toBe(2);
  });

  it('treats a gateway 403 (inactive business) as final', async () => {
    harness = await startHarness({ rateLimit: false, inactiveTokens: ['sleepy-token'] });
    const client = harness.client({ getToken: () => 'sleepy-token' });
    const error = await client.spendControls.get('sc_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(403);
    expect(harness.sent).toHaveLength(1);
    expect(JSON.stringify(error)).not.toContain('sleepy-token');
  });
});
