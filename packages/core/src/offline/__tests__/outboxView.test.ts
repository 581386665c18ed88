import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../outboxEntry';
import { EMPTY_OUTBOX_VIEW, outboxView } from '../outboxView';

const entry = (id: string, status: OutboxEntry['status']): OutboxEntry =>
  Object.freeze({ id, kind: 'update', type: 'spend_control', entityId: id, status, madeAt: 1 });

describe('outboxView', () => {
  it('splits the entries into those on their way and those in conflict', () => {
    const entries = [
      entry('a', 'pending'),
      entry('b', 'sending'),
      entry('c', 'conflict'),
      entry('d', 'failed'),
    ];
    const view = outboxView(entries);
    expect(view.entries.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(view.pending.map((e) => e.id)).toEqual(['a', 'b']);
    expect(view.conflicts.map((e) => e.id)).toEqual(['c']);
    expect(Object.isFrozen(view) && Object.isFrozen(view.pending)).toBe(true);
  });

  it('keeps the previous view, and each array whose entries did not change', () => {
    const a = entry('a', 'pending');
    const c = entry('c', 'conflict');
    const first = outboxView([a, c]);
    expect(outboxView([a, c], first)).toBe(first);
    const b = entry('b', 'pending');
    const second = outboxView([a, b, c], first);
    expect(second).not.toBe(first);
    expect(second.conflicts).toBe(first.conflicts);
    expect(second.pending).not.toBe(first.pending);
    expect(outboxView([], second)).toEqual(EMPTY_OUTBOX_VIEW);
    expect(outboxView([])).toBe(EMPTY_OUTBOX_VIEW);
  });
});
