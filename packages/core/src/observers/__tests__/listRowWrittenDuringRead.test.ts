// Found by review 34 (failed before its mend; by test/property/listsReplay.test.ts, which reads
// every page at the end): a row on the list is written (a newer version that matches) while a read
// of the whole list is in flight. The service read its pages before that version (the row was
// paused then: another user paused and re-activated it, and only the last event reached this
// client), so the reply leaves the row out. d1b2fba reads the pages again after a read in flight
// "whose reply may predate the change" for an entity off the list, but not for a row on it: the row
// drops out for good.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { observeList } from '../observeList';
import { control, manualService } from './manualService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const flush = () => vi.advanceTimersByTimeAsync(0);
const ids = (rows: readonly { spend_control_id: string }[]) => rows.map((r) => r.spend_control_id);
const row = (id: string, status: string, version = 1) => ({ ...control(version, id), status });
const listGets = (s: ReturnType<typeof manualService>) =>
  s.held.filter((h) => h.request.method === 'GET' && h.path === '/spend_controls');

it('a row written while a read of the list is in flight is not lost to a reply that predates it', async () => {
  const service = manualService();
  const list = observeList(service.client.spendControls, { status: 'active' });
  const off = list.subscribe(() => {});
  await flush();
  listGets(service)[0]?.answer(200, {
    data: [row('sc_1', 'active'), row('sc_2', 'active'), row('sc_3', 'active')],
  });
  await flush();
  void list.refetch(); // the service reads the pages now, while sc_2 is paused (v2)
  await flush();
  // sc_2 is active again (v3): the event reaches this client while the read is in flight.
  service.client.store.apply('spend_control', 'sc_2', row('sc_2', 'active', 3), 'event');
  await flush();
  listGets(service)[1]?.answer(200, { data: [row('sc_1', 'active'), row('sc_3', 'active')] });
  await flush();
  const reads = listGets(service).length;
  // Any read after that one is answered as the service is now.
  for (const h of listGets(service).filter((h) => h.open))
    h.answer(200, { data: [row('sc_1', 'active'), row('sc_2', 'active', 3), row('sc_3', 'active')] });
  await flush();
  const shown = ids(list.getResult().data);
  off();
  expect({ shown, reads }, 'sc_2 (active v3, held) is shown, or the list read again').toEqual({
    shown: ['sc_1', 'sc_2', 'sc_3'],
    reads: 3,
  });
});
