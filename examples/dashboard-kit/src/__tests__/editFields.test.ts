import { resolveConflict, type SpendControl, threeWayDiff } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { conflictRows } from '../editConflict';
import {
  describePatch,
  editFieldsOf,
  formPatch,
  spendControlConflictDisplay,
  theirChanges,
} from '../editFields';

const control = (fields: Partial<SpendControl>): SpendControl =>
  ({
    spend_control_id: 'sc_1',
    version: 1,
    version_time: '2026-01-01T00:00:00Z',
    name: 'Travel',
    status: 'active',
    interval: 'monthly',
    limit: { amount: 5000, currency: 'EUR' },
    account_id: 'acc_1',
    ...fields,
  }) as SpendControl;

describe('formPatch', () => {
  it('holds only the fields typed differently, the limit in its currency', () => {
    const base = control({});
    const form = { ...editFieldsOf(base), amount: '6500', status: 'paused' };
    expect(formPatch(base, form)).toEqual({ status: 'paused', limit: { amount: 6500, currency: 'EUR' } });
    expect(formPatch(base, editFieldsOf(base))).toEqual({});
  });

  it('treats the same amount written differently as no change, and leaves out one not a number yet', () => {
    const base = control({});
    expect(formPatch(base, { ...editFieldsOf(base), amount: '5000.0' })).toEqual({});
    expect(formPatch(base, { ...editFieldsOf(base), amount: '', name: 'Meals' })).toEqual({ name: 'Meals' });
  });
});

describe('theirChanges', () => {
  it("names what someone else changed meanwhile that the save kept, never this person's own fields", () => {
    const base = control({});
    const patch = { limit: { amount: 6500, currency: 'EUR' } };
    const saved = control({ version: 3, name: 'Travel (ops)', limit: { amount: 6500, currency: 'EUR' } });
    expect(theirChanges(base, patch, saved)).toEqual(['name: Travel → Travel (ops)']);
    expect(theirChanges(base, patch, control({ version: 2, ...patch }))).toEqual([]);
  });

  it('words a limit as money', () => {
    const base = control({});
    const saved = control({ version: 2, limit: { amount: 7000, currency: 'EUR' } });
    expect(theirChanges(base, { name: 'x' }, { ...saved, name: 'x' })).toEqual([
      'limit: €5,000.00 → €7,000.00',
    ]);
  });
});

describe('a spend-control conflict in the form', () => {
  const base = control({});
  const patch = formPatch(base, { ...editFieldsOf(base), amount: '7000', status: 'paused' });
  const mine = { ...base, ...patch };
  const theirs = control({ version: 2, limit: { amount: 7100, currency: 'EUR' } });
  const conflict = { fields: threeWayDiff(base, mine, theirs).conflicts, base, mine, theirs };

  it('is found by core’s three-way diff, and reads as labelled rows with the limit as money', () => {
    expect(conflict.fields).toEqual(['limit']);
    expect(conflictRows(conflict, spendControlConflictDisplay)).toEqual([
      { field: 'limit', label: 'Limit', base: '€5,000.00', mine: '€7,000.00', theirs: '€7,100.00' },
    ]);
  });

  it('resolves (core’s resolveConflict) into the next form: from theirs, with the kept changes typed in', () => {
    const keep = resolveConflict(conflict, { limit: 'mine' });
    expect(editFieldsOf(keep.next)).toEqual({ ...editFieldsOf(base), amount: '7000', status: 'paused' });
    const take = resolveConflict(conflict, { limit: 'theirs' });
    expect(editFieldsOf(take.next)).toEqual({ ...editFieldsOf(base), amount: '7100', status: 'paused' });
    expect(take.patch).toEqual({ status: 'paused' });
  });
});

describe('describePatch', () => {
  it('lists a patch as labelled values', () => {
    expect(describePatch({ limit: { amount: 7000, currency: 'USD' }, name: 'Travel' })).toBe(
      'Limit $7,000.00, Name Travel',
    );
  });
});
