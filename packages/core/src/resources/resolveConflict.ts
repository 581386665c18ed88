import type { EditConflict } from '../errors/editConflictOf';
import { threeWay } from './threeWay';

/** A person's choice for one conflicting field: keep their own value, or take the other writer's. */
export type ConflictChoice = 'mine' | 'theirs';

/** What `resolveConflict` makes of a conflict and a choice per field. */
export interface ConflictResolution<T> {
  /** Theirs, with every change of mine that is kept over it: what the view shows once written. */
  readonly next: T;
  /**
   * The fields of mine that are kept: changed from the base and not given up. Empty when nothing of
   * mine is left to write.
   */
  readonly fields: readonly string[];
  /** Those fields with mine's values: the patch to send over theirs (`update`, an outbox's `update`). */
  readonly patch: Readonly<Record<string, unknown>>;
}

const own = (record: object, key: string): unknown =>
  Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;

/**
 * Goes on from a conflict with a choice per conflicting field. A field changed on one side only
 * keeps that change (theirs is already in `theirs`, mine is written again); a conflicting field is
 * written as mine (`'mine'`) or left as theirs (`'theirs'`). Values are compared by content, as
 * `threeWayDiff` does; nested values in `next` and `patch` are copies, never shared with the
 * conflict. Throws a `TypeError` naming every conflicting field that has no choice yet.
 *
 * @example
 * ```ts
 * import { editConflictOf, resolveConflict, type SpendControl } from '@vstore/core';
 * declare const client: import('@vstore/core').Client;
 * declare const error: unknown;
 *
 * const conflict = editConflictOf<SpendControl>(error);
 * if (conflict) {
 *   const { patch, fields } = resolveConflict(conflict, { limit: 'mine' });
 *   if (fields.length > 0) await client.spendControls.update(conflict.theirs.spend_control_id, patch);
 * }
 * ```
 */
export function resolveConflict<T extends object>(
  conflict: EditConflict<T>,
  choices: Readonly<Partial<Record<string, ConflictChoice>>>,
): ConflictResolution<T> {
  const open = conflict.fields.filter((field) => choices[field] !== 'mine' && choices[field] !== 'theirs');
  if (open.length > 0) throw new TypeError(`Choose mine or theirs for: ${open.join(', ')}.`);
  type Fields = Readonly<Record<string, unknown>>;
  const { base, mine, theirs } = conflict as unknown as EditConflict<Fields>;
  const conflicting = new Set(conflict.fields);
  const fields = threeWay(base, mine, base).mine.filter(
    (field) => !conflicting.has(field) || choices[field] === 'mine',
  );
  const next: Record<string, unknown> = {};
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(theirs)) define(next, key, value);
  for (const field of fields) {
    const value = own(mine, field);
    if (value === undefined) delete next[field];
    else define(next, field, structuredClone(value));
    define(patch, field, structuredClone(value));
  }
  return { next: next as T, fields, patch };
}

// defineProperty, not assignment: a key named `__proto__` stays a plain own property.
const define = (record: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
