import { threeWay } from './threeWay';

/** What `threeWayDiff` found, field by field, between a base and two states made from it. */
export interface ThreeWayDiff<T extends object = Record<string, unknown>> {
  /** Fields `mine` changed from the base. */
  readonly mine: readonly string[];
  /** Fields `theirs` changed from the base. */
  readonly theirs: readonly string[];
  /** Fields both changed, to different values: only a person can decide these. */
  readonly conflicts: readonly string[];
  /**
   * Fields `theirs` changed that a merge keeps from them: changed by them alone, or by both to the
   * same value ("someone else changed this meanwhile, and it stands").
   */
  readonly merged: readonly string[];
  /**
   * Theirs with my changes over it: every field keeps the change of whichever side made one, and a
   * conflicting field takes mine (what sending my change over theirs makes).
   */
  readonly result: T;
}

/**
 * Compares `mine` and `theirs`, two states made from `base` (a form's edit and another writer's
 * save, an outbox entry and the latest), over `fields` (every key of the three when omitted). Values
 * are compared by content, as JSON: a nested object rebuilt with the same values is no change, key
 * order does not matter. The same comparison `edit(…, { onConflict: 'abort' })` and the outbox make
 * before they send, for a UI that shows what each side did. Pure: reads its inputs, allocates its answer.
 *
 * @example
 * ```ts
 * import { threeWayDiff } from '@vstore/core';
 *
 * const base = { name: 'Travel', limit: { amount: 500, currency: 'USD' } };
 * const mine = { ...base, limit: { amount: 700, currency: 'USD' } };
 * const theirs = { ...base, name: 'Travel (ops)', limit: { amount: 650, currency: 'USD' } };
 * const diff = threeWayDiff(base, mine, theirs);
 * diff.conflicts; // ['limit']: both changed it, to different values
 * diff.merged; // ['name']: theirs alone, kept
 * ```
 */
export function threeWayDiff<T extends object>(
  base: T,
  mine: T,
  theirs: T,
  fields?: readonly string[],
): ThreeWayDiff<T> {
  type Fields = Readonly<Record<string, unknown>>;
  // Entities are typed by interfaces, which carry no index signature: read as the records they are.
  const found = threeWay(base as Fields, mine as Fields, theirs as Fields, fields);
  return found as ThreeWayDiff<Fields> as unknown as ThreeWayDiff<T>;
}
