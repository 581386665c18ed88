import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EditConflict } from '../../errors/editConflictOf';
import { sameContent } from '../../store/sameContent';
import { type ConflictChoice, resolveConflict } from '../resolveConflict';
import { threeWayDiff } from '../threeWayDiff';

type Invoice = { invoice_id: string; version: number; status?: string; total?: number; meta?: object };

const base: Invoice = Object.freeze({ invoice_id: 'inv_1', version: 1, status: 'draft', total: 10 });
const conflict: EditConflict<Invoice> = Object.freeze({
  fields: ['total'],
  base,
  mine: { ...base, total: 12, status: 'sent' },
  theirs: { ...base, version: 2, total: 15, meta: { by: 'ops' } },
});

describe('resolveConflict', () => {
  it('keeps mine: theirs with every change of mine over it, and the patch that writes them', () => {
    expect(resolveConflict(conflict, { total: 'mine' })).toEqual({
      fields: ['status', 'total'],
      patch: { status: 'sent', total: 12 },
      next: { invoice_id: 'inv_1', version: 2, status: 'sent', total: 12, meta: { by: 'ops' } },
    });
  });

  it('takes theirs: the conflicting field stays theirs, my other changes are still written', () => {
    const resolution = resolveConflict(conflict, { total: 'theirs' });
    expect(resolution.fields).toEqual(['status']);
    expect(resolution.patch).toEqual({ status: 'sent' });
    expect(resolution.next).toEqual({ ...conflict.theirs, status: 'sent' });
  });

  it('leaves nothing to write when every change of mine is given up', () => {
    const only: EditConflict<Invoice> = { ...conflict, mine: { ...base, total: 12 } };
    const resolution = resolveConflict(only, { total: 'theirs' });
    expect(resolution.fields).toEqual([]);
    expect(resolution.patch).toEqual({});
    expect(resolution.next).toEqual(only.theirs);
  });

  it('refuses to resolve while a conflicting field has no choice, naming each', () => {
    const two = { ...conflict, fields: ['total', 'status'] };
    expect(() => resolveConflict(two, { total: 'mine' })).toThrow(
      new TypeError('Choose mine or theirs for: status.'),
    );
    expect(() => resolveConflict(two, {})).toThrow(
      new TypeError('Choose mine or theirs for: total, status.'),
    );
  });

  it('never shares nested values with the conflict it came from', () => {
    const nested: EditConflict<Invoice> = {
      fields: ['meta'],
      base,
      mine: { ...base, meta: { by: 'me' } },
      theirs: { ...base, version: 3, meta: { by: 'ops' } },
    };
    const { next, patch } = resolveConflict(nested, { meta: 'mine' });
    expect(next.meta).toEqual({ by: 'me' });
    expect(next.meta).not.toBe(nested.mine.meta);
    expect(patch.meta).not.toBe(nested.mine.meta);
  });

  it('keeps a key named __proto__ as a plain field', () => {
    const mine = JSON.parse('{"invoice_id":"inv_1","version":1,"__proto__":{"x":1}}') as Invoice;
    const resolution = resolveConflict({ fields: [], base, mine, theirs: base }, {});
    expect(Object.hasOwn(resolution.patch, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(resolution.next)).toBe(Object.prototype);
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
        const baseRecord = { ...b, version: 1 };
        const mine = { ...m, version: 1 };
        const theirs = { ...t, version: 2 };
        const { conflicts: fields } = threeWayDiff(baseRecord, mine, theirs);
        const choice: ConflictChoice = keepMine ? 'mine' : 'theirs';
        const choices = Object.fromEntries(fields.map((f) => [f, choice]));
        const { next, patch } = resolveConflict({ fields, base: baseRecord, mine, theirs }, choices);
        for (const key of ['a', 'b', 'c', 'd'] as const) {
          const mineChanged = !sameContent(mine[key], baseRecord[key]);
          const theirsChanged = !sameContent(theirs[key], baseRecord[key]);
          const expected = fields.includes(key)
            ? (keepMine ? mine : theirs)[key]
            : mineChanged
              ? mine[key]
              : theirs[key];
          expect(sameContent(next[key], expected)).toBe(true);
          if (!fields.includes(key) && (mineChanged || theirsChanged))
            expect(sameContent(next[key], baseRecord[key])).toBe(false);
          // The patch over theirs makes next.
          const written = Object.hasOwn(patch, key) ? patch[key] : theirs[key];
          expect(sameContent(written, next[key])).toBe(true);
        }
        expect(next.version).toBe(2);
      }),
      { numRuns: 2000 },
    );
  });
});
