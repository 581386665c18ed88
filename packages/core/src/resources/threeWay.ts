import { sameContent } from '../store/sameContent';

/** What a three-way comparison of base, mine and theirs found, field by field. */
export interface ThreeWayResult {
  /** Fields my side changed from the base. */
  readonly mine: readonly string[];
  /** Fields their side changed from the base. */
  readonly theirs: readonly string[];
  /** Fields both sides changed, to different values: only a person can decide these. */
  readonly conflicts: readonly string[];
  /**
   * Fields their side changed that the merge keeps from them: changed by them alone, or by both
   * sides to the same value.
   */
  readonly merged: readonly string[];
  /**
   * Theirs with my changes over it: every field keeps the change of whichever side made one; a
   * conflicting field takes mine (what re-applying my change over theirs does).
   */
  readonly result: Readonly<Record<string, unknown>>;
}

type Fields = Readonly<Record<string, unknown>>;

/**
 * Compares `mine` and `theirs`, two descendants of `base`, over `fields` (every key of the three
 * when omitted). Values are compared by content (JSON-like), so a nested object rebuilt with the
 * same values is not a change. Pure: reads its inputs, allocates its answer, nothing else.
 */
export function threeWay(
  base: Fields,
  mine: Fields,
  theirs: Fields,
  fields: readonly string[] = keysOf(base, mine, theirs),
): ThreeWayResult {
  const mineChanged: string[] = [];
  const theirsChanged: string[] = [];
  const conflicts: string[] = [];
  const merged: string[] = [];
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(theirs)) define(result, key, value);
  for (const field of fields) {
    const b = own(base, field);
    const m = own(mine, field);
    const t = own(theirs, field);
    const byMe = !sameContent(b, m);
    const byThem = !sameContent(b, t);
    if (byMe) mineChanged.push(field);
    if (byThem) theirsChanged.push(field);
    if (byMe && byThem && !sameContent(m, t)) conflicts.push(field);
    else if (byThem) merged.push(field);
    if (byMe) {
      if (m === undefined) delete result[field];
      else define(result, field, m);
    }
  }
  return { mine: mineChanged, theirs: theirsChanged, conflicts, merged, result };
}

function keysOf(...records: Fields[]): string[] {
  const keys = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) keys.add(key);
  return [...keys];
}

// Own keys only: a field named like an Object.prototype member must not read the prototype's.
const own = (record: Fields, key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);

// defineProperty, not assignment: a key named `__proto__` stays a plain own property.
const define = (record: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
