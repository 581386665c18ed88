import type { ConflictDisplay } from './components/ConflictPanel';
import type { Invoice } from './invoices';

export function formatTotal(total: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(total);
  } catch {
    // An unknown currency code is the service's data, not a reason to break the page.
    return `${total} ${currency}`;
  }
}

/** A version's time of day, as the history lists it; the ISO text itself if it is not a time. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString('en-GB', { hour12: false });
}

/** A field's value as text: strings as they are, other values as JSON, an absent one as "—". */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const LABELS: Readonly<Record<string, string>> = {
  customer: 'Customer',
  status: 'Status',
  total: 'Total',
  due_date: 'Due date',
};

export const fieldLabel = (field: string): string => LABELS[field] ?? field;

/** How an invoice's conflicting fields read in the conflict panel: labelled, the total as money. */
export const invoiceConflictDisplay = (currency: string): ConflictDisplay => ({
  label: fieldLabel,
  format: (field, value) =>
    field === 'total' && typeof value === 'number' ? formatTotal(value, currency) : formatValue(value),
});

/** The fields a person reads, as display strings. */
export const displayInvoice = (invoice: Invoice): [label: string, value: string, key: string][] => [
  ['Customer', invoice.customer, 'customer'],
  ['Status', invoice.status, 'status'],
  ['Total', formatTotal(invoice.total, invoice.currency), 'total'],
  ['Due date', invoice.due_date, 'due_date'],
];
