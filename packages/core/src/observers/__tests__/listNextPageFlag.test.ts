// Found by review 30 (each case failed before its fix): `resource.list(params, { cursor: <the
// list's nextCursor> })` is recorded as the observed list's next page (docs/guide/lists.md: "the
// page after an observed list's last ... recorded for the list's observers"), and appended as one;
// but the read goes out as a read of the whole list, so the observers show isFetchingNextPage false
// while their next page is being read.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { observeList } from '../observeList';
import { control, manualService } from './manualService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const flush = () => vi.advanceTimersByTimeAsync(0);
const listGets = (s: ReturnType<typeof manualService>) =>
  s.open().filter((h) => h.request.method === 'GET' && h.path === '/spend_controls');

it('shows isFetchingNextPage while resource.list reads the page recorded as the next one', async () => {
  const service = manualService();
  const list = observeList(service.client.spendControls, { account_id: 'acc_1' }, { pageSize: 1 });
  const off = list.subscribe(() => {});
  await flush();
  listGets(service)[0]?.answer(200, { data: [control(1, 'sc_1')], next_cursor: 'c1' });
  await flush();
  const page = service.client.spendControls.list({ account_id: 'acc_1' }, { cursor: 'c1', limit: 1 });
  await flush();
  const during = list.getResult();
  listGets(service)[0]?.answer(200, { data: [control(1, 'sc_2')] });
  await page;
  await flush();
  // It was the list's next page: appended.
  expect(list.getResult().data.map((r) => r.spend_control_id)).toEqual(['sc_1', 'sc_2']);
  off();
  expect({ isFetching: during.isFetching, isFetchingNextPage: during.isFetchingNextPage }).toEqual({
    isFetching: true,
    isFetchingNextPage: true,
  });
});
