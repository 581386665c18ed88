import type { ReadInfo, ReadState } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { createDevtoolsState } from '../devtoolsState';
import {
  createReadFailures,
  FAILURES_KEPT,
  kindLabel,
  listRows,
  readLabel,
  readName,
  showsRead,
} from '../readsState';
import { MAX_READ_ROWS, readsHtml } from '../readsView';

const info = (id: string, state: ReadState, read: ReadInfo['read'] = 0, type = 'spend_control'): ReadInfo =>
  Object.freeze({ key: `${type}\u0000${id}\u0000${read}`, type, id, read, state: Object.freeze(state) });

const failedWith = (message: string, at: number): ReadState => ({
  isFetching: false,
  error: Object.assign(new Error(message), { name: 'ApiError' }) as ReadState['error'],
  errorAt: at,
});

describe('read failures', () => {
  it('opens a run at the first failure, adds later failures to it, and closes it when the read succeeds', () => {
    const failures = createReadFailures();
    const first = failedWith('gone', 10);
    expect(failures.record(info('sc_1', first), 99)).toBe(true);
    // The same error while the read starts again, or is confirmed: nothing new.
    expect(failures.record(info('sc_1', { ...first, isFetching: true }), 99)).toBe(false);
    expect(failures.record(info('sc_1', failedWith('still gone', 20)), 99)).toBe(false);
    expect(failures.list.toArray()).toEqual([
      {
        read: 'spend_control/sc_1 latest',
        time: 10,
        name: 'ApiError',
        message: 'still gone',
        failures: 2,
        recoveredAt: undefined,
      },
    ]);
    expect(failures.record(info('sc_1', { isFetching: false, settledAt: 30 }), 99)).toBe(false);
    expect(failures.list.toArray()[0]?.recoveredAt).toBe(30);
    // A success of a read that never failed changes nothing.
    const before = failures.list.toArray()[0];
    expect(failures.record(info('sc_2', { isFetching: false, settledAt: 31 }), 99)).toBe(false);
    expect(failures.list.toArray()).toEqual([before]);
    // A failure after the recovery is a new run.
    expect(failures.record(info('sc_1', failedWith('gone again', 40)), 99)).toBe(true);
    expect(failures.list.toArray().map((f) => [f.time, f.failures, f.recoveredAt])).toEqual([
      [10, 2, 30],
      [40, 1, undefined],
    ]);
  });

  it('tells reads of one key apart: the latest, a version, the history, a list', () => {
    const failures = createReadFailures();
    const error = failedWith('no', 1);
    for (const read of [0, 3, 'history', 'list'] as const) failures.record(info('sc_1', error, read), 0);
    expect(failures.list.toArray().map((f) => f.read)).toEqual([
      'spend_control/sc_1 latest',
      'spend_control/sc_1 v3',
      'spend_control/sc_1 history',
      'spend_control?sc_1 list',
    ]);
  });

  it('stamps a failure without a time with the time it was seen', () => {
    const failures = createReadFailures();
    failures.record(info('sc_1', { isFetching: false, error: failedWith('x', 0).error }), 1234);
    expect(failures.list.toArray()[0]?.time).toBe(1234);
  });

  it(`keeps the last ${FAILURES_KEPT} runs, and forgets the open ones it no longer shows`, () => {
    const failures = createReadFailures();
    const count = FAILURES_KEPT + 50;
    for (let i = 0; i < count; i++) failures.record(info(`sc_${i}`, failedWith('no', i)), 0);
    expect(failures.list.size).toBe(FAILURES_KEPT);
    expect(failures.list.total).toBe(count);
    // The first run has left the list: its recovery marks nothing, and its next failure is a new run.
    failures.record(info('sc_0', { isFetching: false, settledAt: 1 }), 0);
    expect(failures.list.toArray().every((f) => f.recoveredAt === undefined)).toBe(true);
    // The newest runs are still followed.
    failures.record(info(`sc_${count - 1}`, { isFetching: false, settledAt: 2 }), 0);
    expect(failures.list.toArray().at(-1)?.recoveredAt).toBe(2);
  });

  it('counts a new run as one more to look at and one more failed, in the panel state', () => {
    const state = createDevtoolsState(10);
    state.recordRead(info('sc_1', failedWith('no', 1)), 0);
    state.recordRead(info('sc_1', failedWith('no again', 2)), 0);
    const second = failedWith('no', 3);
    state.recordRead(info('sc_2', second), 0);
    expect(state.counts).toMatchObject({ problem: 2, failed: 2 });
    state.clear();
    expect(state.counts).toMatchObject({ problem: 0, failed: 0 });
    expect(state.failures.list.size).toBe(0);
    // Cleared, a read still failing with the same error is not counted again.
    state.recordRead(info('sc_2', { ...second, isFetching: true }), 0);
    expect(state.counts.failed).toBe(0);
    state.recordRead(info('sc_2', failedWith('no', 4)), 0);
    expect(state.counts).toMatchObject({ problem: 1, failed: 1 });
    expect(state.failures.list.size).toBe(1);
  });
});

describe('naming and filtering reads', () => {
  it('names reads by kind, and lists by their type and params', () => {
    expect([0, 4, 'history', 'list', 'poll'].map((r) => kindLabel(r as ReadInfo['read']))).toEqual([
      'latest',
      'v4',
      'history',
      'list',
      'poll',
    ]);
    expect(readName({ type: 'spend_control', id: 'account_id=acc_1', read: 'list' })).toBe(
      'spend_control?account_id=acc_1',
    );
    expect(readName({ type: 'spend_control', id: '', read: 'list' })).toBe('spend_control');
    expect(readLabel({ type: 'task', id: 't_1', read: 'poll' })).toBe('task/t_1 poll');
  });

  it('counts the rows of a list once each, the created ones that joined included', () => {
    expect(
      listRows({ isFetching: false, pages: [{ ids: ['a', 'b'] }, { ids: ['b', 'c'] }], joined: ['d', 'a'] }),
    ).toBe(4);
    expect(listRows({ isFetching: false })).toBe(0);
  });

  it('filters by kind, by state and by a part of the name, case-insensitively', () => {
    const reads = [
      info('sc_1', { isFetching: true }),
      info('sc_1', { isFetching: false }, 2),
      info('sc_12', failedWith('no', 1), 'history'),
      info('account_id=acc_1', { isFetching: false }, 'list'),
      info('t_1', { isFetching: false }, 'poll', 'task'),
    ];
    const shown = (filter: Parameters<typeof showsRead>[0], needle = '') =>
      reads.filter((r) => showsRead(filter, needle, r)).map(readLabel);
    expect(shown('all')).toHaveLength(5);
    expect(shown('in flight')).toEqual(['spend_control/sc_1 latest']);
    expect(shown('failing')).toEqual(['spend_control/sc_12 history']);
    expect(shown('latest')).toEqual(['spend_control/sc_1 latest']);
    expect(shown('version')).toEqual(['spend_control/sc_1 v2']);
    expect(shown('list')).toEqual(['spend_control?account_id=acc_1 list']);
    expect(shown('poll')).toEqual(['task/t_1 poll']);
    expect(shown('all', 'sc_1')).toEqual([
      'spend_control/sc_1 latest',
      'spend_control/sc_1 v2',
      'spend_control/sc_12 history',
    ]);
    expect(shown('all', 'acc_1')).toEqual(['spend_control?account_id=acc_1 list']);
  });
});

describe('drawing thousands of reads', () => {
  it(`draws at most ${MAX_READ_ROWS} rows whatever the number of reads, and counts all of them`, () => {
    const state = createDevtoolsState(10);
    const reads = Array.from({ length: 5000 }, (_, i) =>
      info(`sc_${i}`, i % 10 ? { isFetching: i % 7 === 0 } : failedWith('no', i)),
    );
    const [rows, note] = readsHtml(state, reads);
    expect(rows).toHaveLength(MAX_READ_ROWS);
    expect(rows[0]?.[0]).toBe(reads[0]?.key);
    expect(note).toBe(
      `5000 reads: 643 in flight, 500 failed. ${5000 - MAX_READ_ROWS} more not shown: filter by read or kind.`,
    );
    state.readShow = 'failing';
    state.readFilter = 'sc_49';
    const [few, fewNote] = readsHtml(state, reads);
    // sc_49, sc_490 … sc_499 and sc_4900 … sc_4999: the failing ones are the multiples of ten.
    expect(few).toHaveLength(11);
    expect(fewNote).toBe('5000 reads: 643 in flight, 500 failed.');
  });
});
