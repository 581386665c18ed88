import { EditConflictError } from '@vstore/core';

/**
 * What core's `EditConflictError` carries, typed by shape so the logic below works on plain records:
 * the version the edit started from (`base`), the recipe's result (`mine`), the latest (`theirs`),
 * and the fields both sides changed to different values (`fields`).
 */
export interface EditConflict<T extends object> {
  readonly fields: readonly string[];
  readonly base: T;
  readonly mine: T;
  readonly theirs: T & { readonly version: number };
}

/**
 * The conflict an `edit(…, { onConflict: 'abort' })` stopped at, or undefined for any other error.
 * `T` is the caller's word for the resource the edit ran on.
 */
export function editConflictOf<T extends object>(error: unknown): EditConflict<T> | undefined {
  return error instanceof EditConflictError ? (error as unknown as EditConflict<T>) : undefined;
}

export type ConflictChoice = 'mine' | 'theirs';

/** One conflicting field as a person compares it: the same field in the three states, as text. */
export interface ConflictRow {
  field: string;
  label: string;
  base: string;
  mine: string;
  theirs: string;
}

export interface ConflictDisplay {
  /** @default the field name */
  label?: (field: string) => string;
  /** @default strings as they are, other values as JSON, an absent field as "—" */
  format?: (field: string, value: unknown) => string;
}

const fieldOf = (entity: object, field: string): unknown =>
  Object.hasOwn(entity, field) ? (entity as Record<string, unknown>)[field] : undefined;

/** A field's value as text: strings as they are, other values as JSON, an absent one as "—". */
export function formatValue(_field: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Equality of JSON values (what a service sends): key order does not matter, `undefined` keys do not count. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = (o: object) => Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);
  const ka = keys(a);
  if (ka.length !== keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && jsonEqual(fieldOf(a, k), fieldOf(b, k)));
}

/** The conflict as rows of base / yours / theirs, one per conflicting field, in the error's order. */
export function conflictRows<T extends object>(
  conflict: EditConflict<T>,
  display: ConflictDisplay = {},
): ConflictRow[] {
  const format = display.format ?? formatValue;
  return conflict.fields.map((field) => ({
    field,
    label: display.label?.(field) ?? field,
    base: format(field, fieldOf(conflict.base, field)),
    mine: format(field, fieldOf(conflict.mine, field)),
    theirs: format(field, fieldOf(conflict.theirs, field)),
  }));
}

/** Top-level fields this person changed: where `mine` differs from `base`. */
export function fieldsChanged(base: object, mine: object): string[] {
  const keys = new Set([...Object.keys(base), ...Object.keys(mine)]);
  return [...keys].filter((key) => !jsonEqual(fieldOf(base, key), fieldOf(mine, key)));
}

/** Conflicting fields that have no choice yet. */
export function unresolvedFields(
  conflict: EditConflict<object>,
  choices: Readonly<Partial<Record<string, ConflictChoice>>>,
): string[] {
  return conflict.fields.filter((field) => choices[field] !== 'mine' && choices[field] !== 'theirs');
}

export interface ConflictResolution<T> {
  /** The version the next edit starts from, and passes as `baseVersion`: theirs, the latest. */
  baseVersion: number;
  /** Theirs with this person's changes on top, less the conflicting ones they gave up. */
  next: T;
  /** The fields the next edit writes: every change of this person's that is kept. */
  fields: string[];
}

/**
 * The next edit after a conflict. A field changed on one side only keeps that change (theirs is
 * already in `theirs`, mine is written again); a conflicting field is written as mine ("keep mine")
 * or left as theirs ("take theirs"). Throws a `TypeError` naming any conflicting field without a choice.
 */
export function resolveConflict<T extends object>(
  conflict: EditConflict<T>,
  choices: Readonly<Partial<Record<string, ConflictChoice>>>,
): ConflictResolution<T> {
  const open = unresolvedFields(conflict, choices);
  if (open.length > 0) throw new TypeError(`Choose mine or theirs for: ${open.join(', ')}.`);
  const conflicting = new Set(conflict.fields);
  const fields = fieldsChanged(conflict.base, conflict.mine).filter(
    (field) => !conflicting.has(field) || choices[field] === 'mine',
  );
  const next: Record<string, unknown> = { ...conflict.theirs };
  for (const field of fields) {
    const value = fieldOf(conflict.mine, field);
    if (value === undefined) delete next[field];
    else next[field] = structuredClone(value);
  }
  return { baseVersion: conflict.theirs.version, next: next as T, fields };
}

/** What a resolution did, in a sentence for a status line ("Kept yours for Limit; …"). */
export function describeResolution(
  rows: readonly ConflictRow[],
  choices: Readonly<Partial<Record<string, ConflictChoice>>>,
  leftToSave: boolean,
): string {
  const labels = (choice: ConflictChoice) =>
    rows.filter((row) => choices[row.field] === choice).map((row) => row.label);
  const kept = labels('mine');
  const taken = labels('theirs');
  const parts = [
    ...(kept.length ? [`Kept yours for ${kept.join(', ')}`] : []),
    ...(taken.length ? [`took theirs for ${taken.join(', ')}`] : []),
  ];
  const done = parts.join(' and ');
  const sentence = done.charAt(0).toUpperCase() + done.slice(1);
  return leftToSave
    ? `${sentence}. Save to write your changes on top of theirs.`
    : `${sentence}. Nothing of yours is left to save.`;
}
