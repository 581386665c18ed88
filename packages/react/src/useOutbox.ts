import { EMPTY_OUTBOX_VIEW, type OutboxView, outboxView } from '@vstore/core';
import type { Outbox } from '@vstore/core/offline';
import { useCallback, useSyncExternalStore } from './react';

/**
 * What `useOutbox` reads: an outbox (`createOutbox` of `@vstore/core/offline`), or anything with its
 * `entries` and `subscribe`. Only its type is imported here, so an app without an outbox ships none.
 */
export type OutboxSource = Pick<Outbox, 'entries' | 'subscribe'>;

/** What `useOutbox` returns: the outbox's entries, and those waiting to land and those in conflict (core's `OutboxView`). */
export type OutboxResult = OutboxView;

// The last result per outbox: every component reading one outbox gets the same arrays, and a
// change elsewhere in it keeps the identity of the arrays it did not touch.
const views = new WeakMap<OutboxSource, OutboxResult>();
const noSource: OutboxSource = { entries: EMPTY_OUTBOX_VIEW.entries, subscribe: () => () => {} };

/**
 * The entries of an outbox (`createOutbox` of `@vstore/core/offline`), oldest first, with those
 * still on their way (`pending`: pending or sending) and those held as conflicts (`conflicts`),
 * followed with `useSyncExternalStore`. Each array keeps its identity while its entries do not
 * change, so a component renders only when what it shows did. `undefined` (no outbox, as in server
 * rendering) reads as empty. Only the outbox's type is imported: an app without one ships none.
 *
 * @example
 * ```tsx
 * import { useOutbox } from '@vstore/react';
 * import type { Outbox } from '@vstore/core/offline';
 *
 * function OfflineBadge({ outbox }: { outbox: Outbox }) {
 *   const { pending, conflicts } = useOutbox(outbox);
 *   if (pending.length === 0 && conflicts.length === 0) return null;
 *   return (
 *     <p role="status">
 *       {pending.length} change(s) waiting to send
 *       {conflicts.length > 0 && `, ${conflicts.length} to resolve`}
 *     </p>
 *   );
 * }
 * ```
 */
export function useOutbox(outbox: OutboxSource | undefined): OutboxResult {
  const source = outbox ?? noSource;
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  const read = () => source.entries;
  const entries = useSyncExternalStore(subscribe, read, read);
  const previous = views.get(source) ?? EMPTY_OUTBOX_VIEW;
  const result = outboxView(entries, previous);
  // A cache, idempotent for the same entries: rendering twice (StrictMode) stores the same result.
  if (result !== previous) views.set(source, result);
  return result;
}
