// Writes of an entity that matches a list but is on none of its loaded pages, while it has more
// (review 34 and its replay property). A reply (another screen's read) is the service's state now,
// so its page will bring the entity: nothing is read, however often it comes. An event may follow a
// store copy older than the list's pages, which left the entity out as not matching then: its place
// may lie before the cursor, so the pages are read again (the property's counterexample, seed
// -944768914: the list showed every active row but sc_2 once quiet).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { getClientEvents } from '../../client/getClientEvents';
import { observeList } from '../observeList';
import { control, manualService } from './manualService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const flush = () => vi.advanceTimersByTimeAsync(0);
const row = (id: string, status: string, version = 1) => ({ ...control(version, id), status });
const listGets = (s: ReturnType<typeof manualService>) =>
  s.held.filter((h) => h.request.method === 'GET' && h.path === '/spend_controls');
const firstPage = { data: [row('sc_1', 'active'), row('sc_3', 'active')], next_cursor: 'c3' };

async function listedWithoutSc2() {
  const service = manualService();
  // The store holds sc_2 as an earlier reply had it: active, version 1.
  service.client.store.apply('spend_control', 'sc_2', row('sc_2', 'active', 1));
  const list = observeList(service.client.spendControls, { status: 'active' }, { pageSize: 2 });
  const off = list.subscribe(() => {});
  await flush();
  // The service read the pages when sc_2 was paused (version 2): they leave it out.
  listGets(service)[0]?.answer(200, firstPage);
  await flush();
  return { service, list, off };
}

it('reads nothing for replies of a matching entity off the loaded pages, however many', async () => {
  const { service, off } = await listedWithoutSc2();
  for (const version of [5, 6, 7]) {
    const got = service.client.spendControls.get('sc_9');
    await flush();
    service.held
      .find((h) => h.open && h.path === '/spend_controls/sc_9')
      ?.answer(200, row('sc_9', 'active', version));
    await got;
    await flush();
  }
  expect(listGets(service)).toHaveLength(1);
  off();
});

it('reads the pages again when an event brings a matching entity the pages left out', async () => {
  const { service, list, off } = await listedWithoutSc2();
  getClientEvents(service.client).ingest({
    schema_version: '1.0',
    event_type: 'spend_control.updated',
    data: row('sc_2', 'active', 3),
  });
  await flush();
  expect(listGets(service)).toHaveLength(2);
  listGets(service)[1]?.answer(200, {
    data: [row('sc_1', 'active'), row('sc_2', 'active', 3)],
    next_cursor: 'c2',
  });
  await flush();
  expect(list.getResult().data.map((r) => r.spend_control_id)).toEqual(['sc_1', 'sc_2']);
  off();
});
