import type { Entity } from '@vstore/core';
import type { OutboxEntry } from '@vstore/core/offline';
import type { EditField } from './planSoak';

/** How a write made through an outbox ended. */
export type WriteOutcome = 'landed' | 'failed' | 'theirs';

/** One write the application made through its outbox, followed across reloads by its entry's id. */
export interface OutboxWrite {
  readonly client: number;
  readonly kind: 'update' | 'create' | 'delete';
  /** Updates: the control; deletions: the account. */
  readonly target?: string;
  /** Updates: the field written, and the intent's number in its lane (from 1). */
  readonly field?: EditField;
  readonly k?: number;
  /** Creates: the name, unique in the run, that finds the control on the service. */
  readonly name?: string;
  entryId?: string | undefined;
  /** When its entry was made: an entity's entries are sent in this order. */
  madeAt?: number | undefined;
  /** Updates: the field's value as stored in the entry (a name, a limit's amount, a status). */
  value?: string | number | undefined;
  /** Creates: the Idempotency-Key the outbox stored with it. */
  idempotencyKey?: string | undefined;
  outcome?: WriteOutcome | undefined;
  /** Chosen for a conflict: `'theirs'` drops it, `'mine'` sends it over theirs. */
  resolution?: 'mine' | 'theirs' | undefined;
  /** Times its entry was held as a conflict. */
  conflicts: number;
  /** `failed`: the name of the error it was refused with. */
  error?: string | undefined;
  /** What its promise resolved with, in the page that made it (a reload ends that page's promises). */
  entity?: Entity | undefined;
  /** Times it came back in a restored outbox after it had left one as landed. */
  restored: number;
  /** Updates: the page's store lacked the entity, so the edit read it before storing its entry. */
  readFirst?: boolean | undefined;
}

/** The field's value in an update entry's patch: the name, the limit's amount, the status. */
export function fieldValue(field: EditField, patch: Readonly<Record<string, unknown>> | undefined) {
  const value = patch?.[field];
  if (field === 'limit') return (value as { amount?: number } | undefined)?.amount;
  return typeof value === 'string' ? value : undefined;
}

/**
 * What became of each tracked write, from an outbox's entries after each change: an entry that left
 * landed, unless a person dropped it as theirs; one marked failed failed. An entry that comes back
 * after it left (a restored outbox read it from storage again) is open again.
 */
export function createWriteTracker() {
  const byEntry = new Map<string, OutboxWrite>();
  const open = new Set<OutboxWrite>();
  const inConflict = new Set<string>();
  let conflicts = 0;

  return {
    byEntry: byEntry as ReadonlyMap<string, OutboxWrite>,
    conflicts: () => conflicts,
    attach(write: OutboxWrite, entry: OutboxEntry): void {
      write.entryId = entry.id;
      write.madeAt = entry.madeAt;
      if (write.kind === 'update' && write.field) write.value = fieldValue(write.field, entry.patch);
      if (write.kind === 'create') write.idempotencyKey = entry.idempotencyKey;
      byEntry.set(entry.id, write);
      open.add(write);
    },
    /** Reads the outcomes off `entries`, the whole list of a ready outbox. */
    refresh(entries: readonly OutboxEntry[]): void {
      const present = new Set<string>();
      for (const entry of entries) {
        present.add(entry.id);
        const write = byEntry.get(entry.id);
        if (!write) continue;
        if (write.outcome === 'landed') {
          write.outcome = undefined;
          write.restored++;
          open.add(write);
        }
        if (entry.status === 'conflict' && !inConflict.has(entry.id)) {
          inConflict.add(entry.id);
          write.conflicts++;
          conflicts++;
        } else if (entry.status !== 'conflict') inConflict.delete(entry.id);
        if (entry.status === 'failed' && write.outcome === undefined) {
          write.outcome = 'failed';
          write.error = entry.error?.name ?? 'unknown';
          open.delete(write);
        }
      }
      for (const write of [...open]) {
        if (write.entryId === undefined || present.has(write.entryId)) continue;
        write.outcome = write.resolution === 'theirs' ? 'theirs' : 'landed';
        open.delete(write);
      }
    },
  };
}

export type WriteTracker = ReturnType<typeof createWriteTracker>;
