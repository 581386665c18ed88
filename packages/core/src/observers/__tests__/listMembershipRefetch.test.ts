// Review: docs/guide/lists.md promises that "an entity that starts to match ... makes the list read
// its loaded pages again: only the service knows its place". listRows.ts does that in two branches.
// Deleting the refetch for a known id that comes back (listRows.ts:87) fails no test at all, browser
// tests included; deleting the one for a matching id on no loaded page (listRows.ts:104) fails only
// the browser list tests. The first test here covers the first; the second is a unit-level copy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeList } from '../observeList';
import { control, manualService } from './manualService';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);
const ids = (rows: readonly { spend_control_id: string }[]) => rows.map((r) => r.spend_control_id);
const row = (id: string, status: string, version = 1) => ({ ...control(version, id), status });
const listGets = (service: ReturnType<typeof manualService>) =>
  service.open().filter((h) => h.request.method === 'GET' && h.path === '/spend_controls');

describe('list membership refetches nobody checked', () => {
  it('a row that left (stopped matching) and matches again comes back and the pages are read again', async () => {
    const service = manualService();
    const list = observeList(service.client.spendControls, { status: 'active' });
    const off = list.subscribe(() => {});
    await flush();
    listGets(service)[0]?.answer(200, { data: [row('sc_1', 'active'), row('sc_2', 'active')] });
    await flush();
    expect(ids(list.getResult().data)).toEqual(['sc_1', 'sc_2']);
    // Another writer pauses sc_1, then makes it active again (events).
    service.client.store.apply('spend_control', 'sc_1', row('sc_1', 'paused', 2), 'event');
    expect(ids(list.getResult().data)).toEqual(['sc_2']);
    service.client.store.apply('spend_control', 'sc_1', row('sc_1', 'active', 3), 'event');
    await flush();
    expect(ids(list.getResult().data)).toEqual(['sc_1', 'sc_2']);
    // "the service may have moved it since, so the pages are read again"
    expect(listGets(service)).toHaveLength(1);
    off();
  });

  it('a matching entity on no loaded page of a list with no more pages makes the list read again', async () => {
    const service = manualService();
    const list = observeList(service.client.spendControls, { status: 'active' });
    const off = list.subscribe(() => {});
    await flush();
    listGets(service)[0]?.answer(200, { data: [row('sc_1', 'active')] });
    await flush();
    // An entity this client never held, not created here, arrives matching (an updated event).
    service.client.store.apply('spend_control', 'sc_9', row('sc_9', 'active', 4), 'event');
    await flush();
    expect(listGets(service)).toHaveLength(1);
    listGets(service)[0]?.answer(200, { data: [row('sc_1', 'active'), row('sc_9', 'active', 4)] });
    await flush();
    expect(ids(list.getResult().data)).toEqual(['sc_1', 'sc_9']);
    off();
  });
});
