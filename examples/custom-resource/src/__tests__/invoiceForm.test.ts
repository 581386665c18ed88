import { describe, expect, it } from 'vitest';
import { changedInvoiceFields, invoiceFieldsOf, invoiceRecipe, parseTotal } from '../invoiceForm';
import type { Invoice } from '../invoices';

const invoice: Invoice = Object.freeze({
  invoice_id: 'inv_1',
  version: 1,
  version_time: '2026-11-23T00:00:00.000Z',
  customer: 'Acme GmbH',
  status: 'draft',
  total: 1200,
  currency: 'EUR',
  due_date: '2026-12-15',
});

describe('invoice form', () => {
  it('writes only the fields this person changed, over whatever the latest state holds', () => {
    const base = invoiceFieldsOf(invoice);
    const recipe = invoiceRecipe(base, { ...base, total: '1500', status: 'sent' });
    const latest = { ...invoice, version: 2, customer: 'Acme AG' };
    recipe(latest);
    expect(latest).toEqual({ ...invoice, version: 2, customer: 'Acme AG', total: 1500, status: 'sent' });
  });

  it('treats the same total written differently as no change, and refuses an empty or negative one', () => {
    const base = invoiceFieldsOf(invoice);
    expect(changedInvoiceFields(base, { ...base, total: '1200.0' })).toEqual([]);
    expect(changedInvoiceFields(base, { ...base, total: '', due_date: '2027-01-01' })).toEqual([
      'total',
      'due_date',
    ]);
    expect(parseTotal('')).toBeUndefined();
    expect(parseTotal('-1')).toBeUndefined();
    expect(parseTotal('12.5')).toBe(12.5);
  });
});
