// Found by review 34 (failed before its mend): ReadEntry.dispatch (d1b2fba) throws the watchers'
// errors from a `finally` after telling the listeners. When a listener throws too, that `finally`
// throw replaces the listeners' error: the app's own listener error is lost, though everywhere else
// (store flush, callEach) every error is kept in one AggregateError.
import { config } from 'rxjs';
import { afterEach, expect, it } from 'vitest';
import { createReadCache } from '../readCache';

afterEach(() => {
  config.onUnhandledError = null;
});

it('keeps a listener error when a watcher throws in the same dispatch', () => {
  const reported: unknown[] = [];
  config.onUnhandledError = (error) => reported.push(error);
  const reads = createReadCache();
  reads.watch(() => {
    throw new Error('watcher bug');
  });
  const entry = reads.entry('spend_control|sc_1|0');
  entry.subscribe(() => {
    throw new Error('listener bug');
  });
  let caught: unknown;
  try {
    entry.dispatch({ type: 'started' } as never);
  } catch (error) {
    caught = error;
  }
  const flat = (e: unknown): string[] =>
    e instanceof AggregateError ? e.errors.flatMap(flat) : [(e as Error).message];
  // The listener's error reaches the dispatcher, as a listener's does everywhere; the watcher's
  // (devtools) is reported, never thrown into the read.
  expect(flat(caught)).toEqual(['listener bug']);
  expect(flat(reported[0])).toEqual(['watcher bug']);
});
