import type { SpendControl } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { conflictRows, resolveConflict } from '../editConflict';
import { editFieldsOf, editFromForm, spendControlConflictDisplay } from '../editFields';

const control = (fields: Partial<SpendControl>): SpendControl =>
  ({
    spend_control_id: 'sc_1',
    version: 1,
    name: 'Travel',
    status: 'active',
    interval: 'monthly',
    limit: { amount: 5000, currency: 'EUR' },
    ...fields,
  }) as SpendControl;

describe('editFromForm', () => {
  it('writes only the fields this person changed, and names what someone else changed meanwhile', () => {
    const base = editFieldsOf(control({}));
    const change = editFromForm(base, { ...base, amount: '6500' }, 6500);
    // First run over the state the form started from, then over a newer one after a 409.
    const first = control({});
    change.recipe(first);
    const second = control({ version: 2, name: 'Travel (ops)' });
    change.recipe(second);
    expect(second.name).toBe('Travel (ops)');
    expect(second.limit).toEqual({ amount: 6500, currency: 'EUR' });
    expect(change.outcome({ ...second, version: 3 })).toEqual({
      version: 3,
      theirs: ['name: Travel → Travel (ops)'],
      attempts: 2,
    });
  });

  it('treats the same amount written differently as no change', () => {
    const base = editFieldsOf(control({}));
    const draft = control({ limit: { amount: 5000, currency: 'USD' } });
    editFromForm(base, { ...base, amount: '5000.0', status: 'paused' }, 5000).recipe(draft);
    expect(draft.limit).toEqual({ amount: 5000, currency: 'USD' });
    expect(draft.status).toBe('paused');
  });
});

describe('a spend-control conflict in the form', () => {
  const base = control({});
  const form = editFieldsOf(base);
  const change = editFromForm(form, { ...form, amount: '7000', status: 'paused' }, 7000);
  const mine = structuredClone(base);
  change.recipe(mine);
  const conflict = {
    fields: ['limit'],
    base,
    mine,
    theirs: control({ version: 2, limit: { amount: 7100, currency: 'EUR' } }),
  };

  it('reads as labelled rows with the limit as money', () => {
    expect(conflictRows(conflict, spendControlConflictDisplay)).toEqual([
      { field: 'limit', label: 'Limit', base: '€5,000.00', mine: '€7,000.00', theirs: '€7,100.00' },
    ]);
  });

  it('resolves into the next form: from theirs, with the kept changes typed in', () => {
    const keep = resolveConflict(conflict, { limit: 'mine' });
    expect(editFieldsOf(keep.next)).toEqual({ ...form, amount: '7000', status: 'paused' });
    const take = resolveConflict(conflict, { limit: 'theirs' });
    expect(editFieldsOf(take.next)).toEqual({ ...form, amount: '7100', status: 'paused' });
    expect(take.baseVersion).toBe(2);
  });
});
