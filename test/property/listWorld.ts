import type { Client, ListResult, SpendControl } from '@vstore/core';
import type fc from 'fast-check';
import { expect } from 'vitest';

// The service the list properties (lists.test.ts, listsReplay.test.ts) run against: spend controls in
// creation order, every third paused, keyset cursors; a page is read when its request arrives and
// lands whenever the fast-check scheduler says.

export interface Row {
  id: string;
  version: number;
  status: 'active' | 'paused';
}

export const entity = (row: Row): SpendControl =>
  ({
    spend_control_id: row.id,
    version: row.version,
    version_time: '2026-01-01T00:00:00Z',
    name: row.id,
    status: row.status,
    limit: { amount: 1, currency: 'USD' },
    interval: 'monthly',
    account_id: 'acc_1',
  }) as SpendControl;

/** Lets what is due run (promise jobs, then the macrotask queue once). */
export const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Eight rows, `sc_0`…`sc_7`, at version 1, every third paused; and the ids removed so far. */
export function listWorld(s: fc.Scheduler) {
  const rows: Row[] = Array.from({ length: 8 }, (_, i) => ({
    id: `sc_${i}`,
    version: 1,
    status: i % 3 === 0 ? 'paused' : 'active',
  }));
  const gone = new Set<string>();
  /** `GET /spend_controls?status=&limit=&cursor=`: the page as the service has it when asked. */
  const page = (url: string | URL | Request) => {
    const query = new URL(String(url)).searchParams;
    const status = query.get('status');
    const limit = Number(query.get('limit'));
    const after = Number(query.get('cursor') ?? -1);
    const matching = rows.filter((r, i) => i > after && !gone.has(r.id) && (!status || r.status === status));
    const data = matching.slice(0, limit);
    const last = data.at(-1);
    const body = {
      data: data.map(entity),
      ...(matching.length > limit && last ? { next_cursor: String(rows.indexOf(last)) } : {}),
    };
    return s
      .schedule(Promise.resolve(), `page ${status ?? 'all'}`)
      .then(() => new Response(JSON.stringify(body), { status: 200 }));
  };
  /** The service's active rows, in its order. */
  const active = () => rows.filter((r) => r.status === 'active' && !gone.has(r.id)).map((r) => r.id);
  return { rows, gone, page, active };
}

/** Every row shown once, as the store's own object, never removed, matching `status: 'active'`. */
export function checkRows(client: Client, result: ListResult<SpendControl>): void {
  const ids = result.data.map((row) => row.spend_control_id);
  expect(new Set(ids).size, `ids ${ids}`).toBe(ids.length);
  for (const row of result.data) {
    expect(row).toBe(client.store.get('spend_control', row.spend_control_id));
    expect(client.store.isRemoved('spend_control', row.spend_control_id)).toBe(false);
    expect(row.status).toBe('active');
  }
}
