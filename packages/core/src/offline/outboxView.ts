import type { OutboxEntry } from './outboxEntry';

/** An outbox's entries, those still on their way, and those held as conflicts: what a UI shows of it. */
export interface OutboxView {
  /** Every entry, oldest first. */
  readonly entries: readonly OutboxEntry[];
  /** Entries still on their way: `pending` (waiting, offline or backing off) or `sending`. */
  readonly pending: readonly OutboxEntry[];
  /** Entries held for a person: another writer changed a field they change (`outbox.resolve`). */
  readonly conflicts: readonly OutboxEntry[];
}

const none: readonly OutboxEntry[] = Object.freeze([]);

/** The view of an outbox with no entries (or of none). */
export const EMPTY_OUTBOX_VIEW: OutboxView = Object.freeze({ entries: none, pending: none, conflicts: none });

// The same entries in the same order: the earlier array is kept, so nothing that reads it changes.
const same = (a: readonly OutboxEntry[], b: readonly OutboxEntry[]) =>
  a.length === b.length && a.every((entry, at) => entry === b[at]);
const keep = (next: readonly OutboxEntry[], previous: readonly OutboxEntry[]) =>
  same(next, previous) ? previous : Object.freeze(next);

/**
 * The view of `entries` (an outbox's `entries`), reusing `previous` and each of its arrays wherever
 * nothing changed: a binding renders only what did. Plain data over the entries: exported from
 * `@vstore/core` itself, so a binding that shows an outbox loads nothing of `@vstore/core/offline`.
 */
export function outboxView(
  entries: readonly OutboxEntry[],
  previous: OutboxView = EMPTY_OUTBOX_VIEW,
): OutboxView {
  const next = {
    entries: keep(entries, previous.entries),
    pending: keep(
      entries.filter((e) => e.status === 'pending' || e.status === 'sending'),
      previous.pending,
    ),
    conflicts: keep(
      entries.filter((e) => e.status === 'conflict'),
      previous.conflicts,
    ),
  };
  return next.entries === previous.entries &&
    next.pending === previous.pending &&
    next.conflicts === previous.conflicts
    ? previous
    : Object.freeze(next);
}
