import type { Outbox, OutboxEntry } from '@vstore/core/offline';

/**
 * What `useOutbox` reads: an outbox (`createOutbox` of `@vstore/core/offline`), or anything with its
 * `entries` and `subscribe`. Only its type is imported here, so an app without an outbox ships none.
 */
export type OutboxSource = Pick<Outbox, 'entries' | 'subscribe'>;

/** What `useOutbox` returns: the outbox's entries, and those waiting to land and those in conflict. */
export interface OutboxResult {
  /** Every entry, oldest first. */
  readonly entries: readonly OutboxEntry[];
  /** Entries still on their way: `pending` (waiting, offline or backing off) or `sending`. */
  readonly pending: readonly OutboxEntry[];
  /** Entries held for a person: another writer changed a field they change (`outbox.resolve`). */
  readonly conflicts: readonly OutboxEntry[];
}

const none: readonly OutboxEntry[] = Object.freeze([]);
export const EMPTY_OUTBOX: OutboxResult = Object.freeze({ entries: none, pending: none, conflicts: none });

// The same entries in the same order: the earlier array is kept, so nothing renders for it.
const same = (a: readonly OutboxEntry[], b: readonly OutboxEntry[]) =>
  a.length === b.length && a.every((entry, at) => entry === b[at]);
const keep = (next: readonly OutboxEntry[], previous: readonly OutboxEntry[]) =>
  same(next, previous) ? previous : Object.freeze(next);

/** The result for `entries`, reusing `previous` and each of its arrays wherever nothing changed. */
export function outboxView(entries: readonly OutboxEntry[], previous: OutboxResult): OutboxResult {
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
