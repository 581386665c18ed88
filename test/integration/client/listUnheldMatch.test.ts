// Over real HTTP (review 30): another user activates a paused control this reader never held while the
// reader's active list still has a next page. The `updated` event reaches the reader; the list walks
// to its last page and ends "complete" without the control, reading nothing again.
import { getClientEvents, type ListObserver, observeList } from '@vstore/core';
import { afterEach, expect, it } from 'vitest';
import { type Harness, startHarness, until } from './support';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const input = (name: string, status: 'active' | 'paused') => ({
  name,
  limit: { amount: 100, currency: 'EUR' },
  interval: 'monthly' as const,
  account_id: 'acc_2',
  status,
});
const settled =
  <T>(list: ListObserver<T>) =>
  () => {
    const r = list.getResult();
    return r.status === 'success' && !r.isFetching;
  };

it('shows a control another user activated, once the list is walked to its end', async () => {
  harness = await startHarness({ rateLimit: false });
  const reader = harness.client();
  const writer = harness.client();
  const paused = await writer.spendControls.create(input('Paused first', 'paused'));
  for (let i = 0; i < 4; i++) await writer.spendControls.create(input(`Active ${i}`, 'active'));

  const events = getClientEvents(reader);
  const disconnect = events.connect('/events');
  try {
    await new Promise<void>((resolve) => {
      const sub = events.connectionState$.subscribe((state) => {
        if (state === 'open') {
          queueMicrotask(() => sub.unsubscribe());
          resolve();
        }
      });
    });
    const list = observeList(
      reader.spendControls,
      { account_id: 'acc_2', status: 'active' },
      { pageSize: 2 },
    );
    const off = list.subscribe(() => {});
    await until(settled(list));
    expect(list.getResult().hasNextPage).toBe(true);

    const activated = await writer.spendControls.update(paused.spend_control_id, { status: 'active' });
    // The reader hears of it.
    await until(() => reader.store.get('spend_control', paused.spend_control_id) !== undefined);
    expect(reader.store.get('spend_control', paused.spend_control_id)).toMatchObject({
      version: activated.version,
      status: 'active',
    });
    for (let i = 0; i < 5 && list.getResult().hasNextPage; i++) await list.fetchNextPage();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await until(settled(list));

    const shown = list.getResult().data.map((row) => row.spend_control_id);
    const service = (
      await writer.spendControls.list({ account_id: 'acc_2', status: 'active' }, { limit: 100 })
    ).items.map((row) => row.spend_control_id);
    off();
    expect(list.getResult().hasNextPage).toBe(false);
    expect(shown).toEqual(service);
  } finally {
    disconnect();
  }
});
