import { ApiError, NetworkError } from '@vstore/core';
import type { OutboxEntry } from '@vstore/core/offline';
import { describe, expect, it } from 'vitest';
import { entryText, indicatorText } from '../outboxText';

const entry = (fields: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'e1',
  kind: 'update',
  type: 'spend_control',
  entityId: 'sc_1',
  patch: { limit: { amount: 7000, currency: 'USD' } },
  status: 'pending',
  madeAt: 1,
  ...fields,
});

describe('indicatorText', () => {
  it('says online or offline, and how many changes wait or are held', () => {
    expect(indicatorText(true, 0, 0)).toBe('Online');
    expect(indicatorText(false, 2, 0)).toBe('Offline · 2 changes waiting');
    expect(indicatorText(true, 1, 1)).toBe('Online · 1 change sending · 1 conflict to resolve');
  });
});

describe('entryText', () => {
  it('says what an update, a deletion and a create change', () => {
    expect(entryText(entry({}), true).what).toBe('sc_1: Limit $7,000.00');
    expect(entryText(entry({ kind: 'delete', entityId: 'acc_2', patch: undefined }), true).what).toBe(
      'Delete acc_2',
    );
    expect(entryText(entry({ kind: 'create', input: { name: 'Fuel' } }), true).what).toBe('Create Fuel');
  });

  it('says why a pending entry waits, and where the others stand', () => {
    expect(entryText(entry({}), false).state).toBe('waiting until you are back online');
    expect(entryText(entry({}), true).state).toBe('waiting to send');
    const offline = new NetworkError('fetch failed', {
      request: { method: 'PATCH', endpoint: '/spend_controls/sc_1', time: '' },
    });
    expect(entryText(entry({ error: offline }), true).state).toBe('waiting to try again');
    const busy = new ApiError('The service is busy.', {
      status: 503,
      request: { method: 'PATCH', endpoint: '/spend_controls/sc_1', time: '' },
    });
    expect(entryText(entry({ error: busy }), true).state).toBe(
      'waiting to try again (the service answered HTTP 503)',
    );
    const missing = new TypeError('no resource of type invoice is known');
    expect(entryText(entry({ error: missing }), true).state).toBe(
      'waiting to try again (no resource of type invoice is known)',
    );
    expect(entryText(entry({ status: 'sending' }), true).state).toBe('sending');
    expect(entryText(entry({ status: 'conflict' }), true).state).toMatch(/^held: /);
    expect(entryText(entry({ status: 'failed', error: new Error('limit too high') }), true).state).toBe(
      'refused: limit too high',
    );
    const running = entry({ kind: 'delete', entityId: 'acc_2', taskId: 'task_1', status: 'sending' });
    expect(entryText(running, true).state).toBe('running on the service');
  });
});
