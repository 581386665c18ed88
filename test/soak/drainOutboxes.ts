import type { Client } from '@vstore/core';
import type { Outbox } from '@vstore/core/offline';
import type { OutboxSlot } from './outboxSlot';
import { persist } from './persist';
import { appendToken } from './recipes';
import { countSurfaced, type SoakLedger } from './soakTypes';

/** Longest an outbox may take, faults off, to send all it can. */
const DRAIN_MS = 30_000;
/**
 * Rounds of conflict resolution. Dropping a write as theirs leaves the next write of its entity on a
 * base holding the dropped change, so it conflicts in turn: a lane of n writes can take n rounds.
 */
const MAX_ROUNDS = 60;

/**
 * Another writer: renames the control (another token appended to its name) as the owner's offline
 * spell begins, so the owner's offline writes of that name meet it as a conflict when they are sent.
 */
export function rivalFor(slot: OutboxSlot, rival: Client, ledger: SoakLedger): void {
  slot.onSpell((control) => {
    const token = `R${++ledger.outbox.rivalEdits}`;
    const renamed = persist(() => rival.spendControls.edit(control, appendToken(token))).then((result) => {
      if (result.ok) ledger.outbox.rivalLanded++;
      else countSurfaced(ledger, result.error);
    });
    ledger.outbox.rivals.push(renamed);
    return renamed;
  });
}

/** Nothing left to send by itself: every entry is held, refused, or waits behind a held one of its entity. */
export function stuck(outbox: Outbox): boolean {
  const { entries } = outbox;
  return entries.every(
    (entry, i) =>
      entry.status === 'conflict' ||
      entry.status === 'failed' ||
      (entry.kind !== 'create' &&
        entries
          .slice(0, i)
          .some((f) => f.status === 'conflict' && f.type === entry.type && f.entityId === entry.entityId)),
  );
}

async function drain(slot: OutboxSlot, ledger: SoakLedger): Promise<void> {
  const fail = (detail: string) => {
    ledger.violations.push({
      invariant: 'every outbox write lands or ends',
      detail: `client ${slot.plan.client}: ${detail}`,
    });
  };
  for (let round = 0; ; round++) {
    const outbox = () => slot.page().outbox;
    if (!(await slot.until(() => stuck(outbox()), DRAIN_MS))) {
      const left = outbox().entries.map(
        (e) => `${e.kind} ${e.entityId ?? ''} ${e.status} ${e.error?.name ?? ''}`,
      );
      return fail(`the outbox did not drain in ${DRAIN_MS} ms: ${left.join('; ')}`);
    }
    const conflicts = outbox().entries.filter((e) => e.status === 'conflict');
    if (conflicts.length === 0) return;
    if (round === MAX_ROUNDS) return fail(`${conflicts.length} conflicts left after ${MAX_ROUNDS} rounds`);
    // A person looks at each conflict and keeps theirs or sends mine, as the seed chooses.
    for (const entry of conflicts) {
      const choice = slot.choose();
      const write = slot.tracker.byEntry.get(entry.id);
      if (write) write.resolution = choice;
      ledger.outbox[choice]++;
      await outbox().resolve(entry.id, choice);
    }
  }
}

/**
 * The end of the run for the outbox clients: online for good, nothing lost or reloaded any more; the
 * other writer's renames finish; then every outbox sends all it can, and each conflict is resolved by
 * a seeded choice of mine or theirs until none is left (bounded).
 */
export async function drainOutboxes(slots: readonly OutboxSlot[], ledger: SoakLedger): Promise<void> {
  await Promise.all(slots.map((slot) => slot.stopFaults()));
  await Promise.all(ledger.outbox.rivals);
  await Promise.all(slots.map((slot) => drain(slot, ledger)));
}
