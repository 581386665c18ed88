// Found by review 30 (the first two cases failed before listWriteLog): a list kept in the read cache
// while nobody observes it (a route left and come back to, within maxAgeMs) missed the creates and
// the "starts to match" writes made meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeList } from '../observeList';
import { control, manualService } from './manualService';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);
const ids = (rows: readonly { spend_control_id: string }[]) => rows.map((r) => r.spend_control_id);
const listGets = (service: ReturnType<typeof manualService>) =>
  service.open().filter((h) => h.request.method === 'GET' && h.path === '/spend_controls');
const input = {
  name: 'new',
  limit: { amount: 1, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
} as never;

/** A list observed, its first page answered with `rows`, then left (its route unmounts). */
async function leftAfter(params: Record<string, string>, rows: object[]) {
  const service = manualService({ maxAgeMs: 60_000 });
  const list = observeList(service.client.spendControls, params);
  const off = list.subscribe(() => {});
  await flush();
  listGets(service)[0]?.answer(200, { data: rows });
  await flush();
  const shown = ids(list.getResult().data);
  off();
  return { service, shown };
}

describe('a list nobody observes while a matching entity is created', () => {
  it('shows the created row when observed again within maxAgeMs', async () => {
    // The list page unmounts (a "new spend control" form opens).
    const { service, shown: before } = await leftAfter({ account_id: 'acc_1' }, [
      control(1, 'sc_1'),
      control(1, 'sc_2'),
    ]);
    expect(before).toEqual(['sc_1', 'sc_2']);

    const created = service.client.spendControls.create(input);
    await flush();
    service
      .open()
      .find((h) => h.request.method === 'POST')
      ?.answer(201, control(1, 'sc_3'));
    await created;

    // Back to the list page: the list is fresh (no read), and has no next page, so per API.md
    // "A newly created entity that matches (this client's create ...) joins at the end of a list
    // that has no next page".
    const again = observeList(service.client.spendControls, { account_id: 'acc_1' });
    const off2 = again.subscribe(() => {});
    await flush();
    const reads = listGets(service).length;
    const shown = ids(again.getResult().data);
    off2();
    expect({ shown, reads }).toEqual({ shown: ['sc_1', 'sc_2', 'sc_3'], reads: 0 });
  });

  it('reads the pages again when an entity started to match while nobody observed', async () => {
    const { service } = await leftAfter({ status: 'active' }, [control(1, 'sc_1')]);
    // sc_2 was held paused; another writer activates it (an event) while the list is not shown.
    service.client.store.apply('spend_control', 'sc_2', { ...control(1, 'sc_2'), status: 'paused' });
    service.client.store.apply('spend_control', 'sc_2', { ...control(2, 'sc_2'), status: 'active' }, 'event');
    const again = observeList(service.client.spendControls, { status: 'active' });
    const off2 = again.subscribe(() => {});
    await flush();
    // Either the row shows or the list is read again ("only the service knows its place").
    const shown = ids(again.getResult().data);
    const reads = listGets(service).length;
    off2();
    expect(shown.includes('sc_2') || reads === 1).toBe(true);
  });

  it('reads the pages again when it missed more writes than are kept', async () => {
    const { service } = await leftAfter({ status: 'active' }, [control(1, 'sc_1')]);
    for (let n = 0; n < 1100; n++)
      service.client.store.apply('account', `acc_${n}`, { account_id: `acc_${n}`, version: 1 }, 'event');
    const again = observeList(service.client.spendControls, { status: 'active' });
    const off2 = again.subscribe(() => {});
    await flush();
    // The first read was answered; the one open now is the list read again.
    expect(listGets(service)).toHaveLength(1);
    off2();
  });

  it('reads nothing again when it missed nothing, and catches up once with two observers', async () => {
    const { service } = await leftAfter({ status: 'active' }, [control(1, 'sc_1')]);
    const first = observeList(service.client.spendControls, { status: 'active' });
    const second = observeList(service.client.spendControls, { status: 'active' });
    const offs = [first.subscribe(() => {}), second.subscribe(() => {})];
    await flush();
    expect(listGets(service)).toHaveLength(0);
    expect(ids(second.getResult().data)).toEqual(['sc_1']);
    for (const stop of offs) stop();
  });
});
