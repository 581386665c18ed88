import type { SpendControl } from '@vstore/core';

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
