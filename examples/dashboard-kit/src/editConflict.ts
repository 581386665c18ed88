import type { ConflictChoice, EditConflict } from '@vstore/core';

// The conflict itself is core's data (`editConflictOf`, an outbox entry's `conflict`), and so is going
// on from a choice per field (`resolveConflict`): what is here is how the dashboards word it.

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

/** The conflict as rows of base / yours / theirs, one per conflicting field, in the conflict's order. */
export function conflictRows(conflict: EditConflict<object>, display: ConflictDisplay = {}): ConflictRow[] {
  const format = display.format ?? formatValue;
  return conflict.fields.map((field) => ({
    field,
    label: display.label?.(field) ?? field,
    base: format(field, fieldOf(conflict.base, field)),
    mine: format(field, fieldOf(conflict.mine, field)),
    theirs: format(field, fieldOf(conflict.theirs, field)),
  }));
}

/** Conflicting fields that have no choice yet. */
export function unresolvedFields(
  conflict: EditConflict<object>,
  choices: Readonly<Partial<Record<string, ConflictChoice>>>,
): string[] {
  return conflict.fields.filter((field) => choices[field] !== 'mine' && choices[field] !== 'theirs');
}

/**
 * What a resolution did, in a sentence for a status line ("Kept yours for Limit; …"), ending with
 * `then`: what happens next (save again, or the change being sent).
 */
export function describeResolution(
  rows: readonly ConflictRow[],
  choices: Readonly<Partial<Record<string, ConflictChoice>>>,
  then: string,
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
  return `${done.charAt(0).toUpperCase()}${done.slice(1)}. ${then}`;
}

/** The sentence after a form's conflict: whether anything of this person's is left to save. */
export const formResolutionNext = (leftToSave: boolean): string =>
  leftToSave ? 'Save to write your changes on top of theirs.' : 'Nothing of yours is left to save.';
