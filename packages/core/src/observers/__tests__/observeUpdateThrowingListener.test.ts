// Found by review 29 (each case failed before its fix): observeUpdate's mutate/edit "never reject"
// (the failure lands in the result), and the library's rule is that a listener that throws is the
// app's bug, not a reason to stop working. A listener that throws when told of 'pending' makes
// mutate throw synchronously, and the write is never sent; one that throws on 'success' makes the
// promise reject although the write landed.
import { config } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeUpdate } from '../observeUpdate';
import { control, manualService } from './manualService';

const reported: unknown[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  config.onUnhandledError = (error) => reported.push(error);
});
afterEach(() => {
  config.onUnhandledError = null;
  reported.length = 0;
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('observeUpdate with a listener that throws', () => {
  it('still sends the write and does not throw from mutate', async () => {
    const { client, held } = manualService();
    client.store.apply('spend_control', 'sc_1', control(1));
    const update = observeUpdate(client.spendControls);
    update.subscribe(() => {
      if (update.getResult().status === 'pending') throw new Error('a listener bug');
    });
    let outcome: unknown;
    try {
      outcome = update.mutate('sc_1', { name: 'renamed' });
    } catch (error) {
      outcome = error;
    }
    expect(outcome).toBeInstanceOf(Promise);
    await flush();
    expect(held.filter((h) => h.request.method === 'PATCH')).toHaveLength(1);
    // Not lost either: reported as RxJS reports what nobody can be handed.
    expect(reported).toHaveLength(1);
    expect((reported[0] as AggregateError).errors).toEqual([new Error('a listener bug')]);
  });

  it('does not reject once the write has landed', async () => {
    const { client, held } = manualService();
    client.store.apply('spend_control', 'sc_1', control(1));
    const update = observeUpdate(client.spendControls);
    update.subscribe(() => {
      if (update.getResult().status === 'success') throw new Error('a listener bug');
    });
    const done = update.mutate('sc_1', { name: 'renamed' }).then(
      (value) => ({ resolved: value }),
      (error: unknown) => ({ rejected: error }),
    );
    await flush();
    held.find((h) => h.request.method === 'PATCH')?.answer(200, control(2, 'sc_1', 'renamed'));
    expect(await done).toMatchObject({ resolved: { version: 2 } });
    expect(reported).toHaveLength(1);
  });
});
