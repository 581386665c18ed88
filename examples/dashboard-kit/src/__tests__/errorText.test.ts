import { ApiError } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { describeError, tidyMessage } from '../errorText';

const request = { method: 'GET', endpoint: '/spend_controls/sc_1', time: '2026-11-23T10:00:00Z' };

describe('describeError', () => {
  it('never shows a doubled period', () => {
    expect(tidyMessage('GET /x failed with status 503: Service busy.. Try again.')).toBe(
      'GET /x failed with status 503: Service busy. Try again.',
    );
    const error = new ApiError('GET /spend_controls/sc_1 failed with status 503: Busy..', {
      status: 503,
      request,
    });
    expect(describeError(error, 'Loading sc_1').message).toBe(
      'GET /spend_controls/sc_1 failed with status 503: Busy.',
    );
    expect(describeError(new Error('Boom..'), 'Loading').support).toContain('"message": "Boom."');
  });

  it('titles the failure by what the person was doing', () => {
    const error = new ApiError('GET /spend_controls/sc_1 failed with status 503.', { status: 503, request });
    expect(describeError(error, 'Saving sc_1', 'write').title).toBe('Saving sc_1 failed (HTTP 503)');
  });

  it("words a failed read made on the way to a save as the save's", () => {
    const error = new ApiError('GET /spend_controls/sc_1 failed with status 503.', { status: 503, request });
    expect(describeError(error, 'Saving sc_1', 'write').message).toMatch(
      /^Reading the latest version before saving did not work: GET/,
    );
    const patch = new ApiError('PATCH /spend_controls/sc_1 failed with status 503.', {
      status: 503,
      request: { ...request, method: 'PATCH' },
    });
    expect(describeError(patch, 'Saving sc_1', 'write').message).toMatch(/^PATCH/);
    expect(describeError(error, 'Loading sc_1').message).toMatch(/^GET/);
  });
});
