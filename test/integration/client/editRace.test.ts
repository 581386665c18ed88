import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness, until } from './support';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('edit racing another writer over HTTP', () => {
  it('refetches after the 409, re-applies the recipe on the latest, and both changes survive', async () => {
    harness = await startHarness({ rateLimit: false, writeDelayMs: 150 });
    const alice = harness.client();
    const bob = harness.client();
    const retried: string[] = [];
    const aliceEdit = alice.spendControls.edit(
      'sc_1',
      (draft) => {
        if (draft.limit) draft.limit.amount += 1000;
      },
      { onRetry: () => retried.push('alice') },
    );
    // Bob's write starts while Alice's is inside its write window: one of them meets a newer version.
    await until(() => harness?.service.inspect().pendingWrites === 1);
    const bobEdit = bob.spendControls.edit(
      'sc_1',
      (draft) => {
        draft.name = 'Travel (Bob)';
      },
      { onRetry: () => retried.push('bob') },
    );
    await Promise.all([aliceEdit, bobEdit]);

    const patches = harness.sent.filter((s) => s.method === 'PATCH');
    expect(patches.filter((s) => s.status === 409)).toHaveLength(1);
    expect(retried).toHaveLength(1);
    const final = await harness.client().spendControls.get('sc_1');
    expect(final).toMatchObject({
      name: 'Travel (Bob)',
      limit: { amount: 6000, currency: 'USD' },
      version: 3,
    });
    // Each writer sent only the field it changed, never the other's value from a stale copy.
    const bodies = patches.map((s) => JSON.parse(s.body ?? '{}') as Record<string, unknown>);
    for (const body of bodies) expect(Object.keys(body).length).toBe(1);
    expect(
      bodies.filter((b) => 'limit' in b).every((b) => (b.limit as { amount: number }).amount === 6000),
    ).toBe(true);
  });
});
