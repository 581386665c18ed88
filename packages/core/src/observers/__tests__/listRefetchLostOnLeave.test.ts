// Found by review 34 (failed before its mend; by test/property/listsReplay.test.ts): an entity
// starts to match while the list is observed, so the list reads its pages again ("only the service
// knows its place"); the screen is left before that read answers, which aborts it; back within
// maxAgeMs the list counts as fresh (its earlier read) and listWriteLog replays nothing (the write
// came before the leave). The read the list owed is forgotten: the row never shows, on this page or
// any later one.
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

it('a read the list owed when its last observer left is made when it is observed again', async () => {
  const service = manualService({ maxAgeMs: 60_000 });
  // sc_2 is held, paused.
  service.client.store.apply('spend_control', 'sc_2', row('sc_2', 'paused'));
  const list = observeList(service.client.spendControls, { status: 'active' });
  const off = list.subscribe(() => {});
  await flush();
  listGets(service)[0]?.answer(200, { data: [row('sc_1', 'active'), row('sc_3', 'active')] });
  await flush();
  // Another user activates sc_2 (an event): the list reads its pages again.
  service.client.store.apply('spend_control', 'sc_2', row('sc_2', 'active', 2), 'event');
  await flush();
  expect(listGets(service).filter((h) => h.open)).toHaveLength(1);
  off(); // the route is left before that read answers: it is aborted
  await flush();
  expect(listGets(service).filter((h) => h.open)).toHaveLength(0);

  const again = observeList(service.client.spendControls, { status: 'active' });
  const off2 = again.subscribe(() => {});
  await flush();
  const asked = listGets(service).filter((h) => h.open);
  for (const h of asked)
    h.answer(200, { data: [row('sc_1', 'active'), row('sc_2', 'active', 2), row('sc_3', 'active')] });
  await flush();
  const shown = ids(again.getResult().data);
  off2();
  expect({ shown, reads: asked.length }).toEqual({ shown: ['sc_1', 'sc_2', 'sc_3'], reads: 1 });
});
