import type { EditConflict } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import {
  conflictRows,
  describeResolution,
  formatValue,
  formResolutionNext,
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
    expect(formatValue('x', null)).toBe('—');
  });

  it('reads an outbox entry conflict (plain records) the same way', () => {
    const fromOutbox = {
      fields: ['total'],
      base: { total: 10 } as Readonly<Record<string, unknown>>,
      mine: { total: 12 } as Readonly<Record<string, unknown>>,
      theirs: { total: 15 } as Readonly<Record<string, unknown>>,
    };
    expect(conflictRows(fromOutbox)).toEqual([
      { field: 'total', label: 'total', base: '10', mine: '12', theirs: '15' },
    ]);
  });
});

describe('unresolvedFields', () => {
  it('names every conflicting field without a choice', () => {
    const two = { ...conflict, fields: ['total', 'status'] };
    expect(unresolvedFields(two, {})).toEqual(['total', 'status']);
    expect(unresolvedFields(two, { total: 'mine' })).toEqual(['status']);
    expect(unresolvedFields(two, { total: 'mine', status: 'theirs' })).toEqual([]);
  });
});

describe('describeResolution', () => {
  const rows = conflictRows({ ...conflict, fields: ['total', 'status'] }, { label: (f) => f.toUpperCase() });

  it('says which fields kept mine and which took theirs, then what happens next', () => {
    expect(describeResolution(rows, { total: 'mine', status: 'theirs' }, formResolutionNext(true))).toBe(
      'Kept yours for TOTAL and took theirs for STATUS. Save to write your changes on top of theirs.',
    );
    expect(describeResolution(rows, { total: 'theirs', status: 'theirs' }, formResolutionNext(false))).toBe(
      'Took theirs for TOTAL, STATUS. Nothing of yours is left to save.',
    );
  });
});
