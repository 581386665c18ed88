import { EMPTY_OUTBOX_VIEW, type OutboxView, outboxView } from '@vstore/core';
import type { Outbox, OutboxEntry } from '@vstore/core/offline';
import { isServerRender } from './isServerRender';
import {
  type ComputedRef,
  computed,
  getCurrentScope,
  type MaybeRefOrGetter,
  onScopeDispose,
  shallowRef,
  toValue,
  watch,
} from './vue';
import { warnOutsideScope } from './warnOutsideScope';

/**
 * What `useOutbox` reads: an outbox (`createOutbox` of `@vstore/core/offline`), or anything with its
 * `entries` and `subscribe`. Only its type is imported here, so an app without an outbox ships none.
 */
export type OutboxSource = Pick<Outbox, 'entries' | 'subscribe'>;

/** `useOutbox`'s result: the outbox's entries, and those waiting to land and those in conflict, as readonly refs. */
export interface OutboxState {
  /** Every entry, oldest first. */
  readonly entries: ComputedRef<readonly OutboxEntry[]>;
  /** Entries still on their way: `pending` (waiting, offline or backing off) or `sending`. */
  readonly pending: ComputedRef<readonly OutboxEntry[]>;
  /** Entries held for a person: another writer changed a field they change (`outbox.resolve`). */
  readonly conflicts: ComputedRef<readonly OutboxEntry[]>;
}

/**
 * The entries of an outbox (`createOutbox` of `@vstore/core/offline`), oldest first, with those
 * still on their way (`pending`: pending or sending) and those held as conflicts (`conflicts`), as
 * readonly refs that follow the outbox. Each array keeps its identity while its entries do not
 * change, so a ref triggers only when what it holds did. `outbox` may be a ref or getter;
 * `undefined` (no outbox, as in server rendering) reads as empty. Only the outbox's type is
 * imported: an app without one ships none.
 *
 * @example
 * ```ts
 * import { useOutbox } from '@vstore/vue';
 * import type { Outbox } from '@vstore/core/offline';
 *
 * // in <script setup>, with the app's outbox handed in (a prop, provide/inject or a module)
 * declare const outbox: Outbox;
 * const { pending, conflicts } = useOutbox(outbox);
 * // template: <p v-if="pending.length" role="status">{{ pending.length }} change(s) waiting to send</p>
 * //           <p v-if="conflicts.length">{{ conflicts.length }} to resolve</p>
 * ```
 */
export function useOutbox(outbox: MaybeRefOrGetter<OutboxSource | undefined>): OutboxState {
  warnOutsideScope('useOutbox');
  const lists = shallowRef<OutboxView>(EMPTY_OUTBOX_VIEW);
  const show = (source: OutboxSource | undefined) => {
    lists.value = outboxView(source?.entries ?? EMPTY_OUTBOX_VIEW.entries, lists.value);
  };
  if (isServerRender()) {
    // Nothing subscribes on the server (components never unmount there): what it holds now.
    show(toValue(outbox));
  } else {
    let off: (() => void) | undefined;
    watch(
      () => toValue(outbox),
      (source) => {
        off?.();
        show(source);
        off = source?.subscribe(() => show(source));
      },
      { immediate: true },
    );
    if (getCurrentScope()) onScopeDispose(() => off?.());
  }
  return {
    entries: computed(() => lists.value.entries),
    pending: computed(() => lists.value.pending),
    conflicts: computed(() => lists.value.conflicts),
  };
}
