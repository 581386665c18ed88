import { BusinessRuleError, IdempotencyKeyReuseError } from '@vstore/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, until } from './support';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const input = {
  name: 'Fuel',
  limit: { amount: 300, currency: 'USD' },
  interval: 'weekly',
  account_id: 'acc_1',
} as const;

describe('create and replay over HTTP', () => {
  it('creates once per key: a repeated create with the same key replays the original', async () => {
    harness = await startHarness({ rateLimit: false });
    const client = harness.client();
    const first = await client.spendControls.create(input, { idempotencyKey: 'create-fuel-1' });
    const again = await client.spendControls.create(input, { idempotencyKey: 'create-fuel-1' });
    expect(again.spend_control_id).toBe(first.spend_control_id);
    expect(again.version).toBe(1);
    expect(harness.service.inspect().creates.byIdempotencyKey['create-fuel-1']).toBe(1);
    expect(client.store.get('spend_control', first.spend_control_id)).toBe(first);
  });

  it('retries through 5xx (before and after commit) with the same key and bytes, creating exactly once', async () => {
    harness = await startHarness({ rateLimit: false, faults: { serverErrorRate: 0.5 }, randomSeed: 7 });
    const client = harness.client({ retry: { maxAttempts: 10, baseDelayMs: 5, maxDelayMs: 20 } });
    const created = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => client.spendControls.create({ ...input, name: `Fuel ${n}` })),
    );
    const state = harness.service.inspect();
    const posts = harness.sent.filter((s) => s.method === 'POST');
    expect(posts.some((s) => s.status >= 500)).toBe(true);
    expect(new Set(created.map((c) => c.spend_control_id)).size).toBe(5);
    for (const count of Object.values(state.creates.byIdempotencyKey)) expect(count).toBe(1);
    // Every retry of one call reused its key with the byte-identical body.
    const bodiesByKey = new Map<string, Set<string | undefined>>();
    for (const post of posts) {
      const key = post.idempotencyKey ?? '';
      bodiesByKey.set(key, (bodiesByKey.get(key) ?? new Set()).add(post.body));
    }
    expect(bodiesByKey.size).toBe(5);
    for (const bodies of bodiesByKey.values()) expect(bodies.size).toBe(1);
  });

  it('refuses a reused key with another body on the client, and the service answers 422 to another client', async () => {
    harness = await startHarness({ rateLimit: false });
    const client = harness.client();
    await client.spendControls.create(input, { idempotencyKey: 'k-reuse' });
    await expect(
      client.spendControls.create({ ...input, name: 'Other' }, { idempotencyKey: 'k-reuse' }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
    const other = harness.client();
    const error = await other.spendControls
      .create({ ...input, name: 'Other' }, { idempotencyKey: 'k-reuse' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusinessRuleError);
    expect((error as BusinessRuleError).rule).toBe('IdempotencyKeyReused');
    expect((error as BusinessRuleError).supportInfo()).toMatchObject({
      method: 'POST',
      endpoint: '/spend_controls',
      environment: 'integration',
    });
  });

  it('waits out 409 idempotency-in-progress and gets the original result', async () => {
    harness = await startHarness({ rateLimit: false, writeDelayMs: 150 });
    const a = harness.client();
    const b = harness.client({ retry: { baseDelayMs: 100, maxDelayMs: 200, maxAttempts: 8 } });
    const [first, second] = await Promise.all([
      a.spendControls.create(input, { idempotencyKey: 'slow-key' }),
      // The second copy goes out once the first is inside its write window.
      until(() => harness?.service.inspect().idempotency.inFlight.length === 1).then(() =>
        b.spendControls.create(input, { idempotencyKey: 'slow-key' }),
      ),
    ]);
    expect(second.spend_control_id).toBe(first.spend_control_id);
    expect(harness.sent.some((s) => s.status === 409)).toBe(true);
    expect(harness.service.inspect().creates.byIdempotencyKey['slow-key']).toBe(1);
  });
});
