import { type ConflictChoice, resolveConflict } from '@vstore/core';
import type { Outbox, OutboxEntry } from '@vstore/core/offline';
import { conflictRows, describeResolution } from './editConflict';
import { spendControlConflictDisplay } from './editFields';

/**
 * Goes on from a conflict the outbox found before sending, with a person's choice per field.
 * Keeping mine for every conflicting field sends the change over theirs (`resolve('mine')`);
 * otherwise the change is dropped (`resolve('theirs')`) and what of it is kept (its other fields,
 * and the fields where mine was kept: core's `resolveConflict`) goes as a new change over theirs
 * through `write`. Resolves with what was done, in a sentence.
 */
export async function settleConflict(
  outbox: Pick<Outbox, 'resolve'>,
  entry: OutboxEntry,
  choices: Readonly<Record<string, ConflictChoice>>,
  write: (id: string, patch: Readonly<Record<string, unknown>>) => Promise<unknown>,
): Promise<string> {
  const conflict = entry.conflict;
  if (!conflict) throw new TypeError(`outbox entry ${entry.id} holds no conflict`);
  const rows = conflictRows(conflict, spendControlConflictDisplay);
  if (conflict.fields.every((field) => choices[field] === 'mine')) {
    await outbox.resolve(entry.id, 'mine');
    return describeResolution(rows, choices, 'Sending yours over theirs.');
  }
  const { fields, patch } = resolveConflict(conflict, choices);
  await outbox.resolve(entry.id, 'theirs');
  if (fields.length === 0) return describeResolution(rows, choices, 'Nothing of yours is left to send.');
  // Its failure shows in the outbox as a failed entry, with the reason.
  write(entry.entityId as string, patch).catch(() => {});
  return describeResolution(rows, choices, 'Sending the rest of yours over theirs.');
}
