// Found by review 33 (failed before its mend): the sender's per-entry maps (`asked`, like `retryAt`
// and `failures`) are cleared only when an entry lands: every entry that ends otherwise (discarded,
// resolved as theirs, failed) stays in them for the life of the outbox.
import { asyncScheduler, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../errors/apiError';
import { EntryList } from '../entryList';
import type { OutboxEntry } from '../outboxEntry';
import { OutboxSender } from '../outboxSender';

describe('OutboxSender per-entry state', () => {
  it('forgets an entry that was rate limited once it leaves the outbox (discarded)', async () => {
    const list = new EntryList(() => {});
    const rateLimited = () =>
      new RateLimitError('slow down', {
        status: 429,
        request: { method: 'PATCH', url: 'http://svc.test/x' } as never,
        retryAfterMs: 120_000,
      });
    const sender = new OutboxSender(
      {
        list,
        records: { save: async () => {}, drop: async () => {}, readAll: async () => [] },
        overlay: { view: () => undefined, subscribe: () => () => {}, sync: () => {}, landed: () => {} },
        scheduler: asyncScheduler,
        isOnline: () => true,
        random: () => 0.5,
        context: (_entry, signal) => ({
          ops: { latest$: () => throwError(rateLimited), definition: { paths: {} } } as never,
          store: {} as never,
          onConflict: 'abort',
          waitTask: async () => ({}) as never,
          signal,
        }),
        settle: () => {},
        changed: () => {},
      },
      { baseDelayMs: 1000, maxDelayMs: 30_000, landingGraceMs: 2000 },
    );
    sender.leading = true;
    for (let i = 0; i < 100; i++) {
      const entry: OutboxEntry = Object.freeze({
        id: `e${i}`,
        kind: 'update',
        type: 'thing',
        entityId: `t${i}`,
        patch: { name: 'x' },
        status: 'pending',
        madeAt: i + 1,
      });
      list.replace(entry);
      sender.pump();
      await new Promise((resolve) => setTimeout(resolve, 0));
      // The person discards it (what outbox.discard does to the sender and the list).
      sender.cancel(entry.id, new Error('discarded'));
      list.remove(entry.id);
    }
    sender.stop();
    const inner = sender as unknown as Record<'asked' | 'retryAt' | 'failures', Map<string, number>>;
    expect(list.entries).toEqual([]);
    expect({ asked: inner.asked.size, retryAt: inner.retryAt.size, failures: inner.failures.size }).toEqual({
      asked: 0,
      retryAt: 0,
      failures: 0,
    });
  });
});
