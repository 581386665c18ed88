import { describe, expect, it } from 'vitest';
import { ConcurrentUpdateError } from '../apiError';
import { EditConflictError } from '../editConflictError';
import { editConflictOf } from '../editConflictOf';

type Invoice = { invoice_id: string; version: number; total: number };

const base: Invoice = Object.freeze({ invoice_id: 'inv_1', version: 1, total: 10 });
const mine: Invoice = Object.freeze({ ...base, total: 12 });
const theirs: Invoice = Object.freeze({ ...base, version: 2, total: 15 });

describe('editConflictOf', () => {
  it('gives the conflict of an EditConflictError as plain, frozen data', () => {
    const error = new EditConflictError('invoice', 'inv_1', ['total'], { base, mine, theirs });
    const conflict = editConflictOf<Invoice>(error);
    expect(conflict).toEqual({ fields: ['total'], base, mine, theirs });
    expect(conflict).not.toBeInstanceOf(Error);
    expect(Object.isFrozen(conflict)).toBe(true);
    // The states are the error's own: nothing is copied.
    expect(conflict?.theirs).toBe(theirs);
    expect(conflict?.theirs.total).toBe(15);
  });

  it('gives undefined for any other error, and for no error', () => {
    const other = new ConcurrentUpdateError('changed meanwhile', {
      status: 409,
      request: { method: 'PATCH', endpoint: '/invoices/inv_1', time: '2026-01-01T00:00:00Z' },
      details: { object_type: 'invoice', object_id: 'inv_1', expected_version: 1, found_version: 2 },
    });
    expect(editConflictOf(other)).toBeUndefined();
    expect(editConflictOf(new Error('edit conflict'))).toBeUndefined();
    expect(editConflictOf({ fields: ['total'], base, mine, theirs })).toBeUndefined();
    expect(editConflictOf(undefined)).toBeUndefined();
  });
});
