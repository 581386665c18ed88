import type { Invoice } from './invoices';

/** The edit form's fields as typed: text, so a half-typed total is kept as the person wrote it. */
export interface InvoiceFields {
  customer: string;
  status: string;
  total: string;
  due_date: string;
}

export const invoiceFieldsOf = (invoice: Invoice): InvoiceFields => ({
  customer: invoice.customer,
  status: invoice.status,
  total: String(invoice.total),
  due_date: invoice.due_date,
});

/** The total field as a number: undefined unless a finite number >= 0 (an empty field is not 0). */
export function parseTotal(text: string): number | undefined {
  const total = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(total) && total >= 0 ? total : undefined;
}

/** The fields that differ; totals compare as numbers, so "1200.0" is no change from 1200. */
export function changedInvoiceFields(before: InvoiceFields, after: InvoiceFields): (keyof InvoiceFields)[] {
  return (Object.keys(before) as (keyof InvoiceFields)[]).filter((key) =>
    key === 'total' ? parseTotal(before.total) !== parseTotal(after.total) : before[key] !== after[key],
  );
}

/**
 * The edit recipe of a form: writes only the fields this person changed from the form's `base`, so
 * whatever another writer changed elsewhere is left as the latest state has it.
 */
export function invoiceRecipe(base: InvoiceFields, wanted: InvoiceFields): (draft: Invoice) => void {
  const fields = changedInvoiceFields(base, wanted);
  return (draft) => {
    for (const field of fields) {
      if (field === 'total') draft.total = parseTotal(wanted.total) ?? draft.total;
      else if (field === 'status') draft.status = wanted.status as Invoice['status'];
      else draft[field] = wanted[field];
    }
  };
}
