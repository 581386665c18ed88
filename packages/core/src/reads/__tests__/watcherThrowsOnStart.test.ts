// Found by review 34 (failed before its mend): d1b2fba isolates read watchers (devtools) but throws
// what they threw once the listeners heard. On a list's first subscription the `started` action is
// dispatched inside the observer's setup (attach -> runWhole), so a watcher that throws there makes
// `subscribe` throw half set up: its listener, the entry's retain and the rows' store follower stay
// for good, with no unsubscribe handed out, and the list never lets its entry go. (The same commit
// fixed exactly this for a *listener* that throws, with the `attaching` flag.)
import { config } from 'rxjs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { watchReads } from '../../client/watchReads';
import { control, manualService } from '../../observers/__tests__/manualService';
import { observeList } from '../../observers/observeList';
import { listKey } from '../listPlans';
import { contextOf } from '../readContext';

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

it('a watcher that throws on a list read starting leaves no observer half set up', async () => {
  const service = manualService();
  let broken = true;
  watchReads(service.client, (change) => {
    if (broken && change.action === 'started') throw new Error('a devtools bug');
  });
  const list = observeList(service.client.spendControls, { account_id: 'acc_1' });
  let threw: unknown;
  let off: (() => void) | undefined;
  try {
    off = list.subscribe(() => {});
  } catch (error) {
    threw = error;
  }
  broken = false;
  await flush();
  service.open()[0]?.answer(200, { data: [control(1, 'sc_1')] });
  await flush();
  off?.();
  // Whatever subscribe did, once its caller is gone the list is let go, as after any subscription.
  const other = list.subscribe(() => {});
  other();
  await flush();
  const entry = contextOf(service.client).reads.peek(listKey('spend_control', { account_id: 'acc_1' }));
  expect({ threw: threw !== undefined, busy: entry?.busy }).toEqual({ threw: false, busy: false });
  // The watcher's error is reported, as RxJS reports what nobody can be handed.
  expect((reported[0] as AggregateError).errors).toEqual([new Error('a devtools bug')]);
});
