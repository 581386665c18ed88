import type { OutboxEntry } from '@vstore/core/offline';

// The same arrays as @vstore/react's outboxView: both bindings show an outbox in the same shape.

const none: readonly OutboxEntry[] = Object.freeze([]);

/** An outbox's entries, those still on their way, and those held as conflicts. */
export interface OutboxLists {
  readonly entries: readonly OutboxEntry[];
  readonly pending: readonly OutboxEntry[];
  readonly conflicts: readonly OutboxEntry[];
}

export const EMPTY_OUTBOX: OutboxLists = Object.freeze({ entries: none, pending: none, conflicts: none });

// The same entries in the same order: the earlier array is kept, so nothing that reads it triggers.
const same = (a: readonly OutboxEntry[], b: readonly OutboxEntry[]) =>
  a.length === b.length && a.every((entry, at) => entry === b[at]);
const keep = (next: readonly OutboxEntry[], previous: readonly OutboxEntry[]) =>
  same(next, previous) ? previous : Object.freeze(next);

/** The lists for `entries`, reusing `previous` and each of its arrays wherever nothing changed. */
export function outboxView(entries: readonly OutboxEntry[], previous: OutboxLists): OutboxLists {
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
