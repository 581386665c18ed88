// Found by review 29 (each case failed before its fix): ReadEntry.dispatch calls the cache's
// watchers (watchReads, for devtools) before it tells the entry's listeners, and the cache calls
// watchers unguarded. A watcher that throws once leaves every observer of that read untold of the
// change: a list stays 'pending' on screen although its page landed.
import { config } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchReads } from '../../client/watchReads';
import { control, manualService } from '../../observers/__tests__/manualService';
import { observeList } from '../../observers/observeList';

const reported: unknown[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  config.onUnhandledError = (error) => reported.push(error);
});
afterEach(() => {
  config.onUnhandledError = null;
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('a read watcher that throws', () => {
  it('does not keep the change from the read observers', async () => {
    const service = manualService();
    let broken = true;
    watchReads(service.client, (change) => {
      if (broken && change.action === 'paged') throw new Error('a devtools bug');
    });
    const list = observeList(service.client.spendControls, { account_id: 'acc_1' });
    const told: string[] = [];
    list.subscribe(() => told.push(list.getResult().status));
    await flush();
    told.length = 0;
    service.open()[0]?.answer(200, { data: [control(1, 'sc_1')] });
    await flush();
    broken = false;
    // The screen re-renders only when told: it must have been told of the landed page.
    expect(told).toContain('success');
  });
});
