import { describe, expect, it } from 'vitest';
import { threeWayDiff } from '../threeWayDiff';

interface Control {
  spend_control_id: string;
  version: number;
  name: string;
  status: 'active' | 'paused';
  limit: { amount: number; currency: string };
}

const base: Control = Object.freeze({
  spend_control_id: 'sc_1',
  version: 1,
  name: 'Travel',
  status: 'active',
  limit: Object.freeze({ amount: 500, currency: 'USD' }),
});

describe('threeWayDiff', () => {
  it('names what each side changed, what conflicts and what merges, over typed entities', () => {
    const mine: Control = { ...base, limit: { amount: 700, currency: 'USD' }, status: 'paused' };
    const theirs: Control = {
      ...base,
      version: 2,
      name: 'Travel (ops)',
      limit: { amount: 650, currency: 'USD' },
      status: 'paused',
    };
    const diff = threeWayDiff(base, mine, theirs);
    expect(diff.mine).toEqual(['status', 'limit']);
    expect(diff.theirs).toEqual(['version', 'name', 'status', 'limit']);
    expect(diff.conflicts).toEqual(['limit']);
    // Both paused it: the same value is no conflict, and theirs stands.
    expect(diff.merged).toEqual(['version', 'name', 'status']);
    expect(diff.result).toEqual({ ...theirs, limit: { amount: 700, currency: 'USD' } });
    // The result is typed as the entity.
    expect(diff.result.limit.amount).toBe(700);
  });

  it('compares by content: a nested object rebuilt with the same values is no change', () => {
    const rebuilt: Control = { ...base, limit: { currency: 'USD', amount: 500 } };
    const diff = threeWayDiff(base, rebuilt, base);
    expect(diff.mine).toEqual([]);
    expect(diff.conflicts).toEqual([]);
  });

  it('looks only at the fields given, when given', () => {
    const mine: Control = { ...base, name: 'Mine', limit: { amount: 1, currency: 'USD' } };
    const theirs: Control = { ...base, version: 2, name: 'Theirs', limit: { amount: 2, currency: 'USD' } };
    const diff = threeWayDiff(base, mine, theirs, ['limit']);
    expect(diff.conflicts).toEqual(['limit']);
    expect(diff.mine).toEqual(['limit']);
    expect(diff.theirs).toEqual(['limit']);
  });

  it('reads its inputs and changes none of them', () => {
    const mine = { ...base, name: 'Mine' };
    const theirs = { ...base, version: 2 };
    const before = JSON.stringify([base, mine, theirs]);
    const diff = threeWayDiff(base, mine, theirs);
    expect(JSON.stringify([base, mine, theirs])).toBe(before);
    expect(diff.result).not.toBe(theirs);
    expect(diff.result).not.toBe(mine);
  });
});
