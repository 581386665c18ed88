import type { SpendControl } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { historyPage, historyRows } from '../historyRows';

const v = (version: number, fields: Partial<SpendControl> = {}): SpendControl =>
  ({
    spend_control_id: 'sc_1',
    account_id: 'acc_1',
    version,
    version_time: `2026-11-23T10:00:0${version % 10}Z`,
    name: 'Travel',
    status: 'active',
    interval: 'monthly',
    limit: { amount: 5000, currency: 'USD' },
    ...fields,
  }) as SpendControl;

describe('historyRows', () => {
  it('lists every field a version changed, newest first, including ones the old table had no column for', () => {
    const rows = historyRows([
      v(1),
      v(3, { interval: 'weekly', name: 'Trips', limit: { amount: 6000, currency: 'USD' } }),
      v(2, { interval: 'weekly' }),
    ]);
    expect(rows.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(rows[0]?.changes).toEqual([
      ['Name', 'Travel', 'Trips'],
      ['Limit', '$5,000.00', '$6,000.00'],
    ]);
    expect(rows[1]?.changes).toEqual([['Interval', 'monthly', 'weekly']]);
    expect(rows[2]?.changes.map(([label, before]) => [label, before])).toEqual([
      ['Name', undefined],
      ['Status', undefined],
      ['Limit', undefined],
      ['Interval', undefined],
      ['Account', undefined],
    ]);
  });
});

describe('historyPage', () => {
  const rows = Array.from({ length: 45 }, (_, i) => i);

  it('pages past 20 rows', () => {
    expect(historyPage(rows, 0)).toEqual({ rows: rows.slice(0, 20), page: 0, pages: 3 });
    expect(historyPage(rows, 2)).toEqual({ rows: rows.slice(40), page: 2, pages: 3 });
  });

  it('clamps a page out of range, and an empty list is one empty page', () => {
    expect(historyPage(rows, 7).page).toBe(2);
    expect(historyPage(rows, -1).page).toBe(0);
    expect(historyPage([], 0)).toEqual({ rows: [], page: 0, pages: 1 });
  });
});
