// Found by review 43 (failed before its fix): a row a pending change had taken off a list (a status
// filter) came back when that change was discarded, and the list read its pages again though the
// store's copy, which matched, never changed; offline the read failed and the list showed an error.
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

it('reads no page again when a pending change that hid a row is discarded', async () => {
  const service = manualService();
  const list = observeList(service.client.spendControls, { account_id: 'acc_1', status: 'active' });
  const off = list.subscribe(() => {});
  await flush();
  listGets(service)[0]?.answer(200, { data: [control(1, 'sc_1'), control(1, 'sc_2')] });
  await flush();
  expect(list.getResult().data.map((r) => r.spend_control_id)).toEqual(['sc_1', 'sc_2']);

  const outbox = createOutbox(service.client, {
    storage: memoryStorage(),
    locks: false,
    BroadcastChannel: false,
    isOnline: () => false,
  });
  await outbox.ready;
  // Offline: pausing sc_1 takes it off the list of active controls at once.
  void outbox.update(service.client.spendControls, 'sc_1', { status: 'paused' }).catch(() => {});
  await flush();
  expect(list.getResult().data.map((r) => r.spend_control_id)).toEqual(['sc_2']);
  // The person thinks better of it: the pending change is discarded, and sc_1 is back.
  await outbox.discard(outbox.entries[0]!.id);
  await flush();
  for (const held of service.open()) held.answer(503, { message: 'offline' });
  await flush();

  const { status, error, data } = list.getResult();
  expect({
    listReads: listGets(service).length,
    status,
    error: error?.name,
    rows: data.map((r) => r.spend_control_id),
  }).toEqual({ listReads: 1, status: 'success', error: undefined, rows: ['sc_1', 'sc_2'] });
  off();
  await outbox.close();
});
