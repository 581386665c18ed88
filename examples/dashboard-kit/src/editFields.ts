import type { SpendControl } from '@vstore/core';
import { type ConflictDisplay, formatValue } from './editConflict';
import { formatMoney } from './format';

/** The edit form's fields as typed: text, so a half-typed amount is kept as the person wrote it. */
export interface EditFields {
  name: string;
  amount: string;
  status: string;
  interval: string;
}

export const editFieldsOf = (c: SpendControl): EditFields => ({
  name: c.name ?? '',
  amount: String(c.limit?.amount ?? ''),
  status: c.status ?? 'active',
  interval: c.interval ?? 'monthly',
});

/** The amount field as a limit: undefined unless a finite number >= 0 (an empty field is not 0). */
export function parseAmount(text: string): number | undefined {
  const amount = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

/** Whether a field differs; amounts compare as numbers, so "500.0" is no change from 500. */
export const fieldDiffers = (before: EditFields, after: EditFields, key: keyof EditFields): boolean =>
  key === 'amount' ? parseAmount(before.amount) !== parseAmount(after.amount) : before[key] !== after[key];

/** What changed between two states, as "field: before → after" lines. */
export function changedFields(before: EditFields, after: EditFields): string[] {
  return (Object.keys(before) as (keyof EditFields)[])
    .filter((key) => fieldDiffers(before, after, key))
    .map((key) => `${key === 'amount' ? 'limit' : key}: ${before[key]} → ${after[key]}`);
}

/** How a saved edit went: its version, what it was re-applied on top of, and how many runs it took. */
export interface EditOutcome {
  version: number;
  /** Someone else's changes that the edit was re-applied on top of; empty when there were none. */
  theirs: string[];
  attempts: number;
}

/**
 * The form's edit for core's `edit`: a recipe that writes only the fields this person changed from
 * the form's `base`, so another writer's changes to other fields survive a re-run after a 409, and
 * the outcome of a save, which names what someone else changed meanwhile.
 */
export function editFromForm(base: EditFields, wanted: EditFields, amount: number) {
  let attempts = 0;
  let seen = base;
  return {
    recipe(draft: SpendControl): void {
      attempts += 1;
      // The state this run starts from: anything that differs from the form's base is someone else's.
      seen = editFieldsOf(draft);
      if (wanted.name !== base.name) draft.name = wanted.name;
      if (wanted.status !== base.status) draft.status = wanted.status as SpendControl['status'];
      if (wanted.interval !== base.interval) draft.interval = wanted.interval as SpendControl['interval'];
      if (fieldDiffers(base, wanted, 'amount')) {
        draft.limit = { currency: draft.limit?.currency ?? 'USD', amount };
      }
    },
    outcome: (saved: SpendControl): EditOutcome => ({
      version: saved.version,
      theirs: changedFields(base, seen),
      attempts,
    }),
  };
}

const LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  status: 'Status',
  limit: 'Limit',
  interval: 'Interval',
};

/** How a spend control's conflicting fields read in the conflict panel: labelled, the limit as money. */
export const spendControlConflictDisplay: ConflictDisplay = {
  label: (field) => LABELS[field] ?? field,
  format: (field, value) =>
    field === 'limit' ? formatMoney(value as SpendControl['limit']) : formatValue(field, value),
};
