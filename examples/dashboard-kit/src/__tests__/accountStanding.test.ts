import { ApiError } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { accountStanding } from '../accountStanding';

const request = { method: 'GET', endpoint: '/accounts/acc_1', time: '2026-11-27T10:00:00Z' };
const notFound = new ApiError('GET /accounts/acc_1 failed with status 404', { status: 404, request });
const busy = new ApiError('GET /accounts/acc_1 failed with status 503', { status: 503, request });

describe('accountStanding', () => {
  it('takes a removal, a 404 read and a closed status for the same deletion, controls read-only', () => {
    const reads = [
      { data: undefined, isRemoved: true, error: undefined },
      { data: undefined, isRemoved: false, error: notFound },
      { data: { status: 'closed' }, isRemoved: false, error: undefined },
    ];
    for (const read of reads)
      expect(accountStanding(read, 'Acme')).toEqual({
        state: 'deleted',
        readOnlyReason: 'Account Acme was deleted, so its spend controls can no longer be changed.',
      });
  });

  it('locks the controls while the deletion runs, and not before', () => {
    expect(
      accountStanding({ data: { status: 'closing' }, isRemoved: false, error: undefined }, 'Acme'),
    ).toEqual({
      state: 'deleting',
      readOnlyReason: 'Account Acme is being deleted, so its spend controls can no longer be changed.',
    });
    expect(
      accountStanding({ data: { status: 'active' }, isRemoved: false, error: undefined }, 'Acme'),
    ).toEqual({
      state: 'active',
      readOnlyReason: undefined,
    });
  });

  it('tells a read still to come from one that failed for another reason, neither locking anything', () => {
    expect(accountStanding({ data: undefined, isRemoved: false, error: undefined }, 'acc_1').state).toBe(
      'loading',
    );
    expect(accountStanding({ data: undefined, isRemoved: false, error: busy }, 'acc_1')).toEqual({
      state: 'unavailable',
      readOnlyReason: undefined,
    });
  });
});
