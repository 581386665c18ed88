import {
  type ResourcePatch,
  type SpendControl,
  type SpendControlUpdateKey,
  threeWayDiff,
} from '@vstore/core';
import { type ConflictDisplay, formatValue } from './editConflict';
import { formatMoney } from './format';

/** The edit form's fields as typed: text, so a half-typed amount is kept as the person wrote it. */
export interface EditFields {
  name: string;
  amount: string;
  status: string;
  interval: string;
}

/** The fields a spend control's edit may write, the service's update-valid fields. */
export const UPDATABLE: readonly SpendControlUpdateKey[] = ['name', 'status', 'limit', 'interval'];

/** What the form sends: the update-valid fields this person typed differently from the form's base. */
export type SpendControlPatch = ResourcePatch<SpendControl, SpendControlUpdateKey>;

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

/**
 * The patch the form makes of `base`: only the fields typed differently, so another writer's change
 * to any other field stands. Amounts compare as numbers ("500.0" is no change from 500); an amount
 * that is not a number yet is left out (the form says so and does not save).
 */
export function formPatch(base: SpendControl, form: EditFields): SpendControlPatch {
  const was = editFieldsOf(base);
  const patch: SpendControlPatch = {};
  if (form.name !== was.name) patch.name = form.name;
  if (form.status !== was.status) patch.status = form.status as NonNullable<SpendControl['status']>;
  if (form.interval !== was.interval) patch.interval = form.interval as NonNullable<SpendControl['interval']>;
  const amount = parseAmount(form.amount);
  if (amount !== undefined && amount !== parseAmount(was.amount))
    patch.limit = { currency: base.limit?.currency ?? 'USD', amount };
  return patch;
}

const LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  status: 'Status',
  limit: 'Limit',
  interval: 'Interval',
};

const show = (field: string, value: unknown) =>
  field === 'limit' ? formatMoney(value as SpendControl['limit']) : formatValue(field, value);

/**
 * What someone else changed between the form's `base` and the `saved` state that this save left as
 * they made it, as "field: before → after" lines (core's `threeWayDiff`, over the update-valid fields).
 */
export function theirChanges(base: SpendControl, patch: SpendControlPatch, saved: SpendControl): string[] {
  const mine = { ...base, ...patch };
  return threeWayDiff(base, mine, saved, UPDATABLE)
    .merged.filter((field) => !Object.hasOwn(patch, field))
    .map(
      (field) =>
        `${field}: ${show(field, base[field as SpendControlUpdateKey])} → ${show(field, saved[field as SpendControlUpdateKey])}`,
    );
}

/** How a spend control's conflicting fields read in the conflict panel: labelled, the limit as money. */
export const spendControlConflictDisplay: ConflictDisplay = {
  label: (field) => LABELS[field] ?? field,
  format: show,
};

/** The fields of a patch as a person reads them: "Limit $7,000.00, Name Travel". */
export const describePatch = (patch: Readonly<Record<string, unknown>>): string =>
  Object.entries(patch)
    .map(([field, value]) => `${LABELS[field] ?? field} ${show(field, value)}`)
    .join(', ');
