// Found by review 43 (failed on an intermediate fix, 31f53bf): an entry made after an earlier one of the
// same entity that failed (a 422) turned into a conflict though nobody else wrote, once bases were
// compared by content at their own version. Only a nested field that still carries the dropped change is now.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlService } from '../../../../../test/support/outboxClient';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

// A business rule: no limit above 10,000.
const setup = () =>
  controlService({
    online: false,
    refuse: (patch) =>
      ((patch.limit as { amount?: number } | undefined)?.amount ?? 0) > 10_000
        ? new Response(
            JSON.stringify({ message: 'Limit too high', type: 'LimitTooHigh', trace_id: 'tr_1' }),
            {
              status: 422,
              headers: { 'content-type': 'application/json' },
            },
          )
        : undefined,
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a later entry after an earlier one the service refused', () => {
  it('is sent, not held as a conflict with nobody', async () => {
    const t = setup();
    t.net.online = true;
    await t.client.spendControls.get('sc_1');
    t.net.online = false;
    const outbox = createOutbox(t.client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => t.net.online,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    await outbox.ready;
    // Offline: a typo (50,000), then the amount meant (800). Nobody else writes.
    const first = outbox.update(t.client.spendControls, 'sc_1', {
      limit: { amount: 50_000, currency: 'USD' },
    });
    first.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const second = outbox.update(t.client.spendControls, 'sc_1', { limit: { amount: 800, currency: 'USD' } });
    second.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect({
      statuses: outbox.entries.map((e) => e.status),
      conflict: outbox.entries[1]?.conflict?.theirs?.limit,
      amount: t.latest().limit?.amount,
    }).toEqual({ statuses: ['failed'], conflict: undefined, amount: 800 });
    await outbox.close();
  });
});
