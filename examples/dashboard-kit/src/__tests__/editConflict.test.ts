import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ConflictChoice,
  conflictRows,
  describeResolution,
  type EditConflict,
  fieldsChanged,
  jsonEqual,
  resolveConflict,
  unresolvedFields,
} from '../editConflict';

type Invoice = { invoice_id: string; version: number; status?: string; total?: number; meta?: object };

const base: Invoice = Object.freeze({ invoice_id: 'inv_1', version: 1, status: 'draft', total: 10 });
const conflict: EditConflict<Invoice> = Object.freeze({
  fields: ['total'],
  base,
  mine: { ...base, total: 12, status: 'sent' },
  theirs: { ...base, version: 2, total: 15, meta: { by: 'ops' } },
});

describe('conflictRows', () => {
  it('gives base / yours / theirs per conflicting field, formatted and labelled', () => {
    expect(
      conflictRows(conflict, { label: (f) => f.toUpperCase(), format: (_, v) => `€${String(v)}` }),
    ).toEqual([{ field: 'total', label: 'TOTAL', base: '€10', mine: '€12', theirs: '€15' }]);
  });

  it('shows an absent field as a dash and objects as JSON by default', () => {
    const rows = conflictRows({ ...conflict, fields: ['meta'] });
    expect(rows).toEqual([{ field: 'meta', label: 'meta', base: '—', mine: '—', theirs: '{"by":"ops"}' }]);
  });
});

describe('resolveConflict', () => {
  it('keeps mine: the next edit starts from theirs and writes every change of mine', () => {
    const resolution = resolveConflict(conflict, { total: 'mine' });
    expect(resolution).toEqual({
      baseVersion: 2,
      fields: ['status', 'total'],
      next: { invoice_id: 'inv_1', version: 2, status: 'sent', total: 12, meta: { by: 'ops' } },
    });
  });

  it('takes theirs: the conflicting field stays theirs, my other changes are still written', () => {
    const resolution = resolveConflict(conflict, { total: 'theirs' });
    expect(resolution.fields).toEqual(['status']);
    expect(resolution.next).toEqual({ ...conflict.theirs, status: 'sent' });
  });

  it('refuses to resolve while a conflicting field has no choice, naming it', () => {
    expect(unresolvedFields(conflict, {})).toEqual(['total']);
    expect(() => resolveConflict(conflict, {})).toThrow(new TypeError('Choose mine or theirs for: total.'));
  });

  it('never shares nested objects with the error it came from', () => {
    const nested: EditConflict<Invoice> = {
      fields: ['meta'],
      base,
      mine: { ...base, meta: { by: 'me' } },
      theirs: { ...base, version: 3, meta: { by: 'ops' } },
    };
    const { next } = resolveConflict(nested, { meta: 'mine' });
    expect(next.meta).toEqual({ by: 'me' });
    expect(next.meta).not.toBe(nested.mine.meta);
  });

  // Records over a few shared keys, so that both sides often touch the same field.
  const value = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b'), fc.constant(undefined));
  const record = fc.record(
    { a: value, b: value, c: value, d: fc.record({ x: value }) },
    { requiredKeys: [] },
  );

  it('never drops a change from either side, and writes the chosen side of each conflict', () => {
    fc.assert(
      fc.property(record, record, record, fc.boolean(), (b, m, t, keepMine) => {
        const theirs = { ...t, version: 2 };
        const baseRecord = { ...b, version: 1 };
        const mine = { ...m, version: 1 };
        const fields = fieldsChanged(baseRecord, mine).filter(
          (f) =>
            f !== 'version' &&
            !jsonEqual(theirs[f as 'a'], baseRecord[f as 'a']) &&
            !jsonEqual(theirs[f as 'a'], mine[f as 'a']),
        );
        const choice: ConflictChoice = keepMine ? 'mine' : 'theirs';
        const choices = Object.fromEntries(fields.map((f) => [f, choice]));
        const { next, baseVersion } = resolveConflict({ fields, base: baseRecord, mine, theirs }, choices);
        expect(baseVersion).toBe(2);
        for (const key of ['a', 'b', 'c', 'd'] as const) {
          const mineChanged = !jsonEqual(mine[key], baseRecord[key]);
          const theirsChanged = !jsonEqual(theirs[key], baseRecord[key]);
          const expected = fields.includes(key)
            ? (keepMine ? mine : theirs)[key]
            : mineChanged
              ? mine[key]
              : theirs[key];
          expect(jsonEqual(next[key], expected)).toBe(true);
          if (!fields.includes(key) && (mineChanged || theirsChanged))
            expect(jsonEqual(next[key], baseRecord[key])).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('jsonEqual', () => {
  it('compares JSON values by content, ignoring key order and undefined keys', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });
});

describe('describeResolution', () => {
  const rows = conflictRows({ ...conflict, fields: ['total', 'status'] }, { label: (f) => f.toUpperCase() });

  it('says which fields kept mine and which took theirs, and whether anything is left to save', () => {
    expect(describeResolution(rows, { total: 'mine', status: 'theirs' }, true)).toBe(
      'Kept yours for TOTAL and took theirs for STATUS. Save to write your changes on top of theirs.',
    );
    expect(describeResolution(rows, { total: 'theirs', status: 'theirs' }, false)).toBe(
      'Took theirs for TOTAL, STATUS. Nothing of yours is left to save.',
    );
  });
});
