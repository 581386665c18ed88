import { EditConflictError, type EditOutcome, type SpendControl } from '@vstore/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, settle, startHarness, until } from './support';

// Two writers over real HTTP, with edits that set absolute values (`onConflict: 'abort'`).

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const setLimit = (amount: number) => (draft: { limit: { amount: number } | null }) => {
  if (draft.limit) draft.limit.amount = amount;
};

describe("two clients editing with onConflict: 'abort'", () => {
  it('on the same field, at the same moment: exactly one EditConflictError, and the saved value is the one kept', async () => {
    harness = await startHarness({ rateLimit: false, writeDelayMs: 150 });
    const alice = harness.client();
    const bob = harness.client();
    const aliceEdit = settle(alice.spendControls.edit('sc_1', setLimit(7000), { onConflict: 'abort' }));
    // Bob saves while Alice's write is inside its window: the service answers one of them 409.
    await until(() => harness?.service.inspect().pendingWrites === 1);
    const bobEdit = settle(bob.spendControls.edit('sc_1', setLimit(9000), { onConflict: 'abort' }));
    const results = await Promise.all([aliceEdit, bobEdit]);

    const failed = results.filter((r) => !r.ok);
    const saved = results.filter((r) => r.ok);
    expect(failed).toHaveLength(1);
    expect(saved).toHaveLength(1);
    const conflict = (failed[0] as { error: unknown }).error as EditConflictError<SpendControl>;
    expect(conflict).toBeInstanceOf(EditConflictError);
    expect(conflict.fields).toEqual(['limit']);
    const winner = (saved[0] as { value: SpendControl }).value;
    // Nothing lost: the service holds the winner's value, and the loser holds it as `theirs` to show.
    const final = await harness.client().spendControls.get('sc_1');
    expect(final.limit).toEqual(winner.limit);
    expect(conflict.theirs.limit).toEqual(winner.limit);
    expect(conflict.base.limit?.amount).toBe(5000);
    expect([7000, 9000]).toContain(conflict.mine.limit?.amount);
    expect(conflict.mine.limit?.amount).not.toBe(winner.limit?.amount);
    // The loser sent nothing after its 409.
    const patches = harness.sent.filter((s) => s.method === 'PATCH');
    expect(patches.map((s) => s.status).sort()).toEqual([200, 409]);
    expect(final.version).toBe(2);
  });

  it('on the same field, one after the other from a stale form: the second stops before sending', async () => {
    harness = await startHarness({ rateLimit: false });
    const alice = harness.client();
    const bob = harness.client();
    await Promise.all([alice.spendControls.get('sc_1'), bob.spendControls.get('sc_1')]); // both forms show v1
    await alice.spendControls.edit('sc_1', setLimit(7000), { onConflict: 'abort' });
    const patchesBefore = harness.sent.filter((s) => s.method === 'PATCH').length;
    const error = await bob.spendControls
      .edit('sc_1', setLimit(9000), { onConflict: 'abort' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EditConflictError);
    expect(harness.sent.filter((s) => s.method === 'PATCH')).toHaveLength(patchesBefore);

    // A third client that holds nothing passes the version its form was opened on.
    const carol = harness.client();
    const fromForm = await carol.spendControls
      .edit('sc_1', setLimit(1), { onConflict: 'abort', baseVersion: 1 })
      .catch((e: unknown) => e);
    expect(fromForm).toMatchObject({ name: 'EditConflictError', fields: ['limit'] });
    expect(harness.sent.some((s) => s.url.endsWith('?version=1'))).toBe(true);
    expect((await harness.client().spendControls.get('sc_1')).limit?.amount).toBe(7000);
  });

  it('on different fields: both edits land, merged', async () => {
    harness = await startHarness({ rateLimit: false, writeDelayMs: 150 });
    const alice = harness.client();
    const bob = harness.client();
    const outcomes: EditOutcome<SpendControl>[] = [];
    const onOutcome = (o: EditOutcome<SpendControl>) => outcomes.push(o);
    const aliceEdit = alice.spendControls.edit('sc_1', setLimit(7000), { onConflict: 'abort', onOutcome });
    await until(() => harness?.service.inspect().pendingWrites === 1);
    const bobEdit = bob.spendControls.edit(
      'sc_1',
      (draft) => {
        draft.name = 'Travel (Bob)';
      },
      { onConflict: 'abort', onOutcome },
    );
    await Promise.all([aliceEdit, bobEdit]);
    const final = await harness.client().spendControls.get('sc_1');
    expect(final).toMatchObject({ version: 3, name: 'Travel (Bob)', limit: { amount: 7000 } });
    // The one that met the other's write says it kept their field.
    const merged = outcomes.filter((o) => o.merged.length > 0);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ conflicts: [], attempts: 2, result: 'saved' });
    expect(['limit', 'name']).toContain(merged[0]?.merged[0]);
  });
});
