import type { SpendControl } from '@vstore/vue';

// This example's own formatting. Times are UTC, so the server and every browser render the same text.

export function formatMoney(limit: SpendControl['limit']): string {
  if (!limit) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: limit.currency }).format(limit.amount);
}

/** `2026-11-22 04:35:12 UTC`: exact to the second, which is what tells two versions apart. */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The fields a person compares between versions, as display strings. */
export function displayFields(control: SpendControl): [label: string, value: string][] {
  return [
    ['Name', control.name ?? '—'],
    ['Status', control.status ?? '—'],
    ['Limit', formatMoney(control.limit)],
    ['Interval', control.interval ?? '—'],
    ['Account', control.account_id ?? '—'],
    ['Version time', formatTimestamp(control.version_time)],
  ];
}
