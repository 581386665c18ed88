import type { SpendControl } from '@vstore/core';
import type { Outbox } from '@vstore/core/offline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Network, outboxWorld } from './outboxWorld';

// For any sequence of the app's writes through the outbox, offline spells, lost answers, reloads (a
// new outbox over the same storage) and other writers: every write the app made lands exactly once
// or ends as `failed` or `conflict`; creates never duplicate; each entity's history on the service
// holds the app's updates in the order they were made.

type Step =
  | { kind: 'create' }
  | { kind: 'update'; entity: number }
  | { kind: 'other'; entity: number; field: 'name' | 'interval' }
  | { kind: 'network'; mode: Network }
  | { kind: 'reload' }
  | { kind: 'wait' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'create' as const }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('update' as const), entity: fc.nat({ max: 2 }) }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant('other' as const),
      entity: fc.nat({ max: 2 }),
      field: fc.constantFrom('name' as const, 'interval' as const),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('network' as const),
      mode: fc.constantFrom<Network>('online', 'offline', 'lose'),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'reload' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'wait' as const }), weight: 2 },
);

const IDS = ['sc_1', 'sc_2', 'sc_3'];
const INTERVALS = ['daily', 'weekly', 'monthly'] as const;
const settleFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An entry that can go no further by itself: held, refused, or waiting behind a held one of its entity. */
const stuck = (outbox: Outbox) =>
  outbox.entries.every(
    (e, i) =>
      e.status === 'conflict' ||
      e.status === 'failed' ||
      outbox.entries.some((f, j) => j < i && f.status === 'conflict' && f.entityId === e.entityId),
  );

/** Waits until every entry is stuck (no send left to make); bounded. */
async function quiet(outbox: Outbox) {
  // Writes still being stored are not entries yet: memory storage takes a few microtasks.
  await settleFor(10);
  for (let i = 0; i < 400; i++) {
    if (stuck(outbox)) return;
    await settleFor(5);
  }
  throw new Error(
    `the outbox never settled: ${JSON.stringify(outbox.entries.map((e) => [e.kind, e.status]))}`,
  );
}

describe('the outbox under any sequence of writes, offline spells, lost answers, reloads and other writers', () => {
  it('lands every write exactly once or ends it as failed or conflict, and keeps each entity\u2019s updates in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        async (steps, keepMine) => {
          const { network, other, open } = outboxWorld({ taskDurationMs: 50 });
          let tab = open();
          await tab.outbox.ready;
          const created: string[] = [];
          const updates = new Map<string, string[]>(IDS.map((id) => [id, []]));
          let n = 0;
          for (const s of steps) {
            n += 1;
            if (s.kind === 'create') {
              const name = `app-create-${n}`;
              created.push(name);
              void tab.outbox
                .create(tab.client.spendControls, {
                  name,
                  limit: { amount: 1, currency: 'USD' },
                  interval: 'monthly',
                  account_id: 'acc_1',
                })
                .catch(() => {});
            } else if (s.kind === 'update') {
              const id = IDS[s.entity] as string;
              const name = `app-${n}`;
              updates.get(id)?.push(name);
              void tab.outbox.update(tab.client.spendControls, id, { name }).catch(() => {});
            } else if (s.kind === 'other') {
              const id = IDS[s.entity] as string;
              // Another writer always changes something: a write that changes nothing would read as a repeat.
              const current = await other.spendControls.get(id);
              const interval = INTERVALS.find(
                (value) => value !== current.interval,
              ) as (typeof INTERVALS)[number];
              await other.spendControls
                .update(id, s.field === 'name' ? { name: `other-${n}` } : { interval })
                .catch(() => {});
            } else if (s.kind === 'network') network.mode = s.mode;
            else if (s.kind === 'reload') {
              await tab.outbox.close();
              tab = open();
              await tab.outbox.ready;
            } else await settleFor(3);
          }
          network.mode = 'online';
          await quiet(tab.outbox);
          // A person resolves each conflict (mine or theirs), which lets what waited behind it go.
          const ended = new Set<string>();
          const conflicts = () => tab.outbox.entries.filter((e) => e.status === 'conflict');
          for (const mine of keepMine) {
            if (conflicts().length === 0) break;
            for (const entry of conflicts()) {
              const name = (entry.patch as { name: string }).name;
              if (!mine) ended.add(name);
              await tab.outbox.resolve(entry.id, mine ? 'mine' : 'theirs');
            }
            await quiet(tab.outbox);
          }
          for (const entry of tab.outbox.entries)
            if (entry.kind === 'update') ended.add((entry.patch as { name: string }).name);

          // Creates: each exactly once.
          const all: SpendControl[] = [];
          let cursor: string | undefined;
          for (let page = 0; page < 50; page++) {
            const answer = await other.spendControls.list({ account_id: 'acc_1' }, { cursor, limit: 100 });
            all.push(...answer.items);
            if (answer.nextCursor === undefined) break;
            cursor = answer.nextCursor;
          }
          for (const name of created)
            expect(
              all.filter((c) => c.name === name),
              name,
            ).toHaveLength(1);

          // Updates: no version repeats the one before it (a write applied twice), and the app's values
          // appear in the order they were made; each landed once, or ended as a conflict or failure.
          for (const id of IDS) {
            const history = await other.spendControls.history(id);
            for (let i = 1; i < history.length; i++) {
              const { version: _a, version_time: _b, ...before } = history[i - 1] as SpendControl;
              const { version: _c, version_time: _d, ...after } = history[i] as SpendControl;
              expect(after, `${id} v${history[i]?.version} repeats v${history[i - 1]?.version}`).not.toEqual(
                before,
              );
            }
            const appeared = history
              .map((v) => v.name)
              .filter((name, i, names) => name?.startsWith('app-') && names[i - 1] !== name);
            const made = updates.get(id) ?? [];
            const landed = made.filter((name) => appeared.includes(name as string));
            expect(appeared.filter((name) => made.includes(name as string))).toEqual(landed);
            for (const name of made)
              expect(landed.includes(name) || ended.has(name), `${id} ${name}`).toBe(true);
          }
          await tab.outbox.close();
        },
      ),
      { numRuns: 300 },
    );
  }, 300_000);
});
