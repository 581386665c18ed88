import type { OutboxEntry } from '@vstore/core/offline';
import { describe, expect, it, vi } from 'vitest';
import { settleConflict } from '../settleConflict';

const base = {
  spend_control_id: 'sc_1',
  version: 1,
  name: 'Travel',
  limit: { amount: 5000, currency: 'USD' },
};
const entry: OutboxEntry = Object.freeze({
  id: 'e1',
  kind: 'update',
  type: 'spend_control',
  entityId: 'sc_1',
  patch: { name: 'Mine', limit: { amount: 7000, currency: 'USD' } },
  status: 'conflict',
  madeAt: 1,
  conflict: {
    fields: ['limit'],
    base,
    mine: { ...base, name: 'Mine', limit: { amount: 7000, currency: 'USD' } },
    theirs: { ...base, version: 2, limit: { amount: 7100, currency: 'USD' } },
  },
});

function outbox() {
  return { resolve: vi.fn(async (_id: string, _choice: 'mine' | 'theirs') => {}) };
}

describe('settleConflict', () => {
  it('sends the held change over theirs when mine is kept for every conflicting field', async () => {
    const box = outbox();
    const write = vi.fn(async () => ({}));
    expect(await settleConflict(box, entry, { limit: 'mine' }, write)).toBe(
      'Kept yours for Limit. Sending yours over theirs.',
    );
    expect(box.resolve).toHaveBeenCalledWith('e1', 'mine');
    expect(write).not.toHaveBeenCalled();
  });

  it('drops the held change for theirs and sends the rest of mine as a new change', async () => {
    const box = outbox();
    const write = vi.fn(async () => ({}));
    expect(await settleConflict(box, entry, { limit: 'theirs' }, write)).toBe(
      'Took theirs for Limit. Sending the rest of yours over theirs.',
    );
    expect(box.resolve).toHaveBeenCalledWith('e1', 'theirs');
    expect(write).toHaveBeenCalledWith('sc_1', { name: 'Mine' });
  });

  it('sends nothing more when nothing of mine is left', async () => {
    const box = outbox();
    const write = vi.fn(async () => ({}));
    const only = { ...entry, patch: { limit: { amount: 7000, currency: 'USD' } } };
    const conflict = { ...entry.conflict!, mine: { ...base, limit: { amount: 7000, currency: 'USD' } } };
    expect(await settleConflict(box, { ...only, conflict }, { limit: 'theirs' }, write)).toBe(
      'Took theirs for Limit. Nothing of yours is left to send.',
    );
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses an entry that holds no conflict', async () => {
    await expect(settleConflict(outbox(), { ...entry, conflict: undefined }, {}, vi.fn())).rejects.toThrow(
      TypeError,
    );
  });
});
