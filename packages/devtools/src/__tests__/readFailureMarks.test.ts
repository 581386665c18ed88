// Found by review 37 (failed before its fix): the open runs of failed reads were told apart by the error
// object itself, so the panel kept up to 100 errors (an ApiError's body, its cause) alive after the
// read cache let them go, though it promised to keep their texts only.
import type { ReadInfo, ReadState } from '@vstore/core';
import { expect, it } from 'vitest';
import { createReadFailures } from '../readsState';

const failing = (message: string, errorAt: number): ReadInfo => {
  const error = Object.assign(new Error(message), { name: 'ApiError', body: { big: 'payload' } });
  const state: ReadState = { isFetching: false, error: error as ReadState['error'], errorAt };
  return Object.freeze({
    key: 'spend_control\u0000sc_1\u00000',
    type: 'spend_control',
    id: 'sc_1',
    read: 0,
    state,
  });
};

it('knows a failure again by its time and message, holding no error object', () => {
  const failures = createReadFailures();
  expect(failures.record(failing('gone', 10), 0)).toBe(true);
  // The same failure, its error object gone and made again (as from the name and message kept): no
  // new failure in the run.
  expect(failures.record(failing('gone', 10), 0)).toBe(false);
  expect(failures.list.toArray()[0]?.failures).toBe(1);
  // A later failure, or another message at the same time, is one more.
  failures.record(failing('gone', 20), 0);
  failures.record(failing('also gone', 20), 0);
  expect(failures.list.toArray()).toEqual([
    expect.objectContaining({ message: 'also gone', failures: 3, recoveredAt: undefined }),
  ]);
  expect(Object.values(failures.list.toArray()[0] ?? {}).some((v) => typeof v === 'object')).toBe(false);
});
