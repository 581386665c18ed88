// Found by review 42 (failed before its fix): outbox.close() let go of the client's view, so view.get
// showed the store's copy again, but nobody was told: a list kept showing the pending change in its
// rows, and an observer's listeners never heard that its data went back.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createOutbox } from '../../offline/createOutbox';
import { memoryStorage } from '../../offline/outboxStorage';
import { observeList } from '../observeList';
import { observeResource } from '../observeResource';
import { control, manualService } from './manualService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const flush = () => vi.advanceTimersByTimeAsync(0);

it('tells the list and the observers once a closed outbox no longer shows its pending change', async () => {
  const service = manualService();
  const list = observeList(service.client.spendControls, { account_id: 'acc_1' });
  const offList = list.subscribe(() => {});
  await flush();
  service.held[0]?.answer(200, { data: [control(1, 'sc_1')] });
  await flush();
  const detail = observeResource(service.client.spendControls, 'sc_1', { maxAgeMs: 60_000 });
  let told = 0;
  const offDetail = detail.subscribe(() => told++);
  await flush();
  const outbox = createOutbox(service.client, {
    storage: memoryStorage(),
    locks: false,
    BroadcastChannel: false,
    isOnline: () => false,
  });
  await outbox.ready;
  void outbox.update(service.client.spendControls, 'sc_1', { name: 'Pending' }).catch(() => {});
  await flush();
  expect(list.getResult().data[0]?.name).toBe('Pending');
  const toldBefore = told;
  // Logout, as the offline guide's clearOffline does: the outbox closes, the entries stay stored.
  await outbox.close();
  await flush();
  expect({
    detail: detail.getResult().data?.name,
    list: list.getResult().data[0]?.name,
    detailTold: told > toldBefore,
  }).toEqual({ detail: 'v1', list: 'v1', detailTold: true });
  offList();
  offDetail();
});
