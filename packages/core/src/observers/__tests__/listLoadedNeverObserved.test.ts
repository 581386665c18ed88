// Found by review 34 (failed before its mend): listWriteLog (a300b50) replays missed writes only
// for a list that had a follower before. A list read but never observed yet (a route loader's
// `load()`, or `resource.list(params)`, which shares the list's first page) misses a create of this
// client made before its first observer, and that observer (within maxAgeMs, so no read) never
// shows the created row, though the list has no next page (API.md: "joins at the end of a list that
// has no next page").
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { observeList } from '../observeList';
import { control, manualService } from './manualService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const flush = () => vi.advanceTimersByTimeAsync(0);
const ids = (rows: readonly { spend_control_id: string }[]) => rows.map((r) => r.spend_control_id);
const listGets = (service: ReturnType<typeof manualService>) =>
  service.held.filter((h) => h.request.method === 'GET' && h.path === '/spend_controls');
const input = {
  name: 'new',
  limit: { amount: 1, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
} as never;

async function createSc3(service: ReturnType<typeof manualService>) {
  const created = service.client.spendControls.create(input);
  await flush();
  service
    .open()
    .find((h) => h.request.method === 'POST')
    ?.answer(201, control(1, 'sc_3'));
  await created;
}

it.each(['load', 'resource.list'] as const)(
  'a list read by %s, then a create, then its first observer shows the created row',
  async (how) => {
    const service = manualService({ maxAgeMs: 60_000 });
    const list = observeList(service.client.spendControls, { account_id: 'acc_1' });
    const read = how === 'load' ? list.load() : service.client.spendControls.list({ account_id: 'acc_1' });
    await flush();
    listGets(service)[0]?.answer(200, { data: [control(1, 'sc_1'), control(1, 'sc_2')] });
    await read;
    await createSc3(service);

    const off = list.subscribe(() => {});
    await flush();
    const reads = listGets(service).length;
    const shown = ids(list.getResult().data);
    off();
    expect({ shown, reads }).toEqual({ shown: ['sc_1', 'sc_2', 'sc_3'], reads: 1 });
  },
);

it('control: the same create made while the list is observed shows at once', async () => {
  const service = manualService({ maxAgeMs: 60_000 });
  const list = observeList(service.client.spendControls, { account_id: 'acc_1' });
  const off = list.subscribe(() => {});
  await flush();
  listGets(service)[0]?.answer(200, { data: [control(1, 'sc_1'), control(1, 'sc_2')] });
  await flush();
  await createSc3(service);
  const shown = ids(list.getResult().data);
  off();
  expect(shown).toEqual(['sc_1', 'sc_2', 'sc_3']);
});
