// Found by review 42 (failed before its fix): a pending outbox change of a row on a page the list has
// not read reached it as a view change and was taken for an event, so the loaded pages were read again
// for nothing (the store's copy matched before as after); offline that read failed and the list showed an error.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createOutbox } from '../../offline/createOutbox';
import { memoryStorage } from '../../offline/outboxStorage';
import { observeList } from '../observeList';
import { control, manualService } from './manualService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const flush = () => vi.advanceTimersByTimeAsync(0);
const listGets = (s: ReturnType<typeof manualService>) =>
  s.held.filter((h) => h.request.method === 'GET' && h.path === '/spend_controls');

it('reads no page again for a pending change of a row on a page not yet read', async () => {
  const service = manualService();
  // sc_9 is held (its detail page read it) and is on the account's second page.
  service.client.store.apply('spend_control', 'sc_9', control(4, 'sc_9'));
  const list = observeList(service.client.spendControls, { account_id: 'acc_1' }, { pageSize: 2 });
  const off = list.subscribe(() => {});
  await flush();
  listGets(service)[0]?.answer(200, { data: [control(1, 'sc_1'), control(1, 'sc_2')], next_cursor: 'c2' });
  await flush();
  expect(list.getResult()).toMatchObject({ status: 'success', hasNextPage: true });

  // Offline: the outbox keeps the change and sends nothing.
  const outbox = createOutbox(service.client, {
    storage: memoryStorage(),
    locks: false,
    BroadcastChannel: false,
    isOnline: () => false,
  });
  await outbox.ready;
  void outbox.update(service.client.spendControls, 'sc_9', { name: 'Renamed offline' }).catch(() => {});
  await flush();
  // Any read now goes nowhere: offline.
  for (const held of service.open()) held.answer(503, { message: 'offline' });
  await flush();

  const { status, error } = list.getResult();
  expect({ listReads: listGets(service).length, status, error: error?.name }).toEqual({
    listReads: 1,
    status: 'success',
    error: undefined,
  });
  expect(list.getResult().data.map((r) => r.spend_control_id)).toEqual(['sc_1', 'sc_2']);
  off();
  await outbox.close();
});
