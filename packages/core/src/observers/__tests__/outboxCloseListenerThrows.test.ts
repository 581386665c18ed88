// Found by review 43 (failed before its fix): close() told every reader that the pending changes left
// the view before it detached them and settled the writes, and a reader that threw stopped it there:
// the other entity stayed shown, the writes never settled, and no outbox could be made on the client
// again. The overlay now tells every reader whatever one throws, and close() reports it and goes on.
import { config } from 'rxjs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createOutbox } from '../../offline/createOutbox';
import { memoryStorage } from '../../offline/outboxStorage';
import { contextOf } from '../../reads/readContext';
import { observeResource } from '../observeResource';
import { control, manualService } from './manualService';

const reported: unknown[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  reported.length = 0;
  config.onUnhandledError = (error) => reported.push(error);
});
afterEach(() => {
  config.onUnhandledError = null;
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

it('finishes closing even when a reader of a pending change throws while told', async () => {
  const service = manualService();
  const one = service.client.spendControls.get('sc_1');
  const two = service.client.spendControls.get('sc_2');
  await flush();
  service.held[0]?.answer(200, control(1, 'sc_1'));
  service.held[1]?.answer(200, control(1, 'sc_2'));
  await Promise.all([one, two]);
  const detail = observeResource(service.client.spendControls, 'sc_1', { maxAgeMs: 60_000 });
  let failing = false;
  const off = detail.subscribe(() => {
    if (failing) throw new Error('a component that went away');
  });
  await flush();
  const options = {
    storage: memoryStorage(),
    locks: false as const,
    BroadcastChannel: false as const,
    isOnline: () => false,
  };
  const outbox = createOutbox(service.client, options);
  await outbox.ready;
  const writes = [
    outbox.update(service.client.spendControls, 'sc_1', { name: 'Pending 1' }),
    outbox.update(service.client.spendControls, 'sc_2', { name: 'Pending 2' }),
  ];
  const settled: string[] = [];
  for (const write of writes)
    write.then(
      () => settled.push('landed'),
      (error: Error) => settled.push(error.name),
    );
  await flush();
  failing = true;
  const closed = await outbox.close().then(
    () => 'closed',
    (error: Error) => `rejected: ${error.message}`,
  );
  failing = false;
  await flush();
  await vi.advanceTimersByTimeAsync(1000);
  const view = contextOf(service.client).view;
  let again = 'made';
  try {
    await createOutbox(service.client, { ...options, storage: memoryStorage() }).close();
  } catch (error) {
    again = (error as Error).message;
  }
  expect({
    closed,
    sc2: view.get<{ name: string }>('spend_control', 'sc_2')?.name,
    settled,
    again,
  }).toEqual({ closed: 'closed', sc2: 'v1', settled: ['AbortError', 'AbortError'], again: 'made' });
  // What the reader threw is not lost: reported once, as every listener's error is.
  expect(reported).toHaveLength(1);
  off();
});
