// Found by review 30 (each case failed before its fix): hydrating a list into a client whose store
// already holds newer copies than the snapshot.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { control, manualService } from '../../observers/__tests__/manualService';
import { observeList } from '../../observers/observeList';
import { dehydrate } from '../dehydrate';
import { hydrate } from '../hydrate';

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

describe('hydrate of a list older than the store', () => {
  it('does not count the list as confirmed when the store holds a newer matching entity it lacks', async () => {
    // The server rendered the active list when sc_2 was still paused.
    const server = manualService();
    server.client.store.apply('spend_control', 'sc_2', row('sc_2', 'paused', 1));
    const load = observeList(server.client.spendControls, { status: 'active' }).load();
    await flush();
    listGets(server)[0]?.answer(200, { data: [row('sc_1', 'active')] });
    await load;
    const snapshot = JSON.parse(JSON.stringify(dehydrate(server.client)));

    // The browser already holds sc_2 at version 2, active (a read or an event since).
    const browser = manualService({ maxAgeMs: 60_000 });
    browser.client.store.apply('spend_control', 'sc_2', row('sc_2', 'active', 2));
    hydrate(browser.client, snapshot);
    const list = observeList(browser.client.spendControls, { status: 'active' });
    const off = list.subscribe(() => {});
    await flush();
    const shown = ids(list.getResult().data);
    const reads = listGets(browser).length;
    off();
    // Either the held, matching sc_2 shows, or the list is read again (as a live list does for a
    // matching entity on no loaded page of a list with no more pages).
    expect({ shown, reads }).not.toEqual({ shown: ['sc_1'], reads: 0 });
  });
});
