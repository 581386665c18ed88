// Found by review 34 (failed before its mend): the store's flush now walks a copy of each listener
// Set (d1b2fba), and lists act on writes in subscribeType rounds, every list of a type in the one
// Set. When one list's round tells its listeners and one of them ends another list's last
// subscription (a screen swapping lists), the other list's round still runs from the copy, for a
// list nobody observes: it starts a read of its pages after its entry was released, which nothing
// then aborts (the abort is queued only for a read in flight at release time). Before, a listener
// taken out of a live Set was not called.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { observeList } from '../observeList';
import { control, manualService } from './manualService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const flush = () => vi.advanceTimersByTimeAsync(0);
const row = (id: string, status: string, version = 1) => ({ ...control(version, id), status });
const listGets = (s: ReturnType<typeof manualService>) =>
  s.held.filter((h) => h.request.method === 'GET' && h.path === '/spend_controls');

it('a list unsubscribed during another list round starts no read that nobody aborts', async () => {
  const service = manualService();
  const { store } = service.client;
  store.apply('spend_control', 'sc_2', row('sc_2', 'paused'));
  const first = observeList(service.client.spendControls, { status: 'active' });
  const second = observeList(service.client.spendControls, { status: 'active', account_id: 'acc_1' });
  let offSecond: (() => void) | undefined;
  let swap = false;
  const offFirst = first.subscribe(() => {
    if (swap) offSecond?.(); // the screen drops the second list when the first one changes
  });
  offSecond = second.subscribe(() => {});
  await flush();
  for (const h of listGets(service)) h.answer(200, { data: [row('sc_1', 'active')] });
  await flush();
  swap = true;
  // sc_2 starts to match both lists: each asks to read its pages again.
  store.apply('spend_control', 'sc_2', row('sc_2', 'active', 2), 'event');
  await flush();
  const secondKey = 'account_id=acc_1&status=active';
  const open = listGets(service).filter((h) => h.open && h.request.url.includes('account_id'));
  offFirst();
  expect(open.length, `reads of ${secondKey} still open though nobody observes it`).toBe(0);
});
