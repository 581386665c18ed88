// Found by review 29 (each case failed before its fix): EntryObserver.subscribe starts the read at
// the first subscription, and the read's 'started' is told to the listener just added. A listener
// that throws then makes subscribe throw, so the caller never gets the unsubscribe, yet the
// listener, the entry's retain and the store subscription all stay: the read can never be
// abandoned, and every later write to the key throws out of store.apply.
import { config } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeResource } from '../observeResource';
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

describe('observer.subscribe with a listener that throws', () => {
  it('either hands back the unsubscribe, or keeps nothing of the listener', async () => {
    const { client } = manualService();
    const observer = observeResource(client.spendControls, 'sc_1');
    let unsubscribe: (() => void) | undefined;
    try {
      unsubscribe = observer.subscribe(() => {
        throw new Error('a listener bug');
      });
    } catch {
      // subscribe threw: nothing of the listener may stay behind.
    }
    unsubscribe?.();
    await flush();
    expect(() => client.store.apply('spend_control', 'sc_1', control(1))).not.toThrow();
    expect(unsubscribe).toBeTypeOf('function');
    expect((reported[0] as AggregateError).errors).toEqual([new Error('a listener bug')]);
  });
});
