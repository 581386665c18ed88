import { EditConflictError } from './editConflictError';

/**
 * A conflict as data: the state a change was made on (`base`), the change (`mine`), the latest state
 * with another writer's change (`theirs`), and the fields both changed to different values. What
 * `editConflictOf` makes of an `EditConflictError`; an outbox entry's `conflict` has the same shape.
 */
export interface EditConflict<T = Record<string, unknown>> {
  /** The overlapping fields only: changed by both sides, to different values. */
  readonly fields: readonly string[];
  /** The state the change was made on. */
  readonly base: T;
  /** The base with this person's change. */
  readonly mine: T;
  /** The latest state, with the other writer's change. */
  readonly theirs: T;
}

/**
 * The conflict an `edit(…, { onConflict: 'abort' })` stopped at, as plain data, or `undefined` for
 * any other error (or none): what a conflict panel shows as base / yours / theirs. `T` is the
 * caller's word for the resource the edit ran on, since a caught error carries no type.
 *
 * @example
 * ```ts
 * import { editConflictOf, type SpendControl } from '@vstore/core';
 * declare const client: import('@vstore/core').Client;
 *
 * try {
 *   await client.spendControls.edit('sc_1', (d) => void (d.status = 'paused'), { onConflict: 'abort' });
 * } catch (error) {
 *   const conflict = editConflictOf<SpendControl>(error);
 *   if (!conflict) throw error;
 *   console.log(conflict.fields, conflict.base.status, conflict.mine.status, conflict.theirs.status);
 * }
 * ```
 */
export function editConflictOf<T = Record<string, unknown>>(error: unknown): EditConflict<T> | undefined {
  if (!(error instanceof EditConflictError)) return undefined;
  // The error is typed by whoever threw it; the caller names the resource it belongs to.
  const { fields, base, mine, theirs } = error as EditConflictError<T>;
  return Object.freeze({ fields, base, mine, theirs });
}
