// Found by review 48 (failed on 06758cf, before its fix): settleOutcome('landed') walks a snapshot of the entries taken before its first await and
// stores each rebased one with list.replace (which adds an entry that is not in the list) and
// records.save. An entry discarded while an earlier sibling's rebase is being stored (IndexedDB is
// slow) is put back, stored again, and sent: the person's discard is lost.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlService } from '../../../../../test/support/outboxClient';
import { createOutbox } from '../createOutbox';
import { memoryStorage, type OutboxStorage } from '../outboxStorage';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an entry discarded while a landed update rebases its siblings', () => {
  it('stays discarded: not put back, not stored, not sent', async () => {
    const t = controlService({ online: true });
    await t.client.spendControls.get('sc_1');
    t.net.online = false;
    const memory = memoryStorage();
    // The first rebased entry's save waits until the test lets it go (a slow IndexedDB write).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let gated = false;
    let reached = false;
    const storage: OutboxStorage = {
      ...memory,
      async set(key, value) {
        if (!gated && (value as { baseVersion?: number }).baseVersion === 2) {
          gated = true;
          reached = true;
          await gate;
        }
        return memory.set(key, value);
      },
    };
    const outbox = createOutbox(t.client, {
      storage,
      locks: false,
      BroadcastChannel: false,
      isOnline: () => t.net.online,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    await outbox.ready;
    outbox.update(t.client.spendControls, 'sc_1', { name: 'Trips' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    outbox.update(t.client.spendControls, 'sc_1', { status: 'paused' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const third = outbox.update(t.client.spendControls, 'sc_1', { interval: 'weekly' });
    third.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const thirdId = outbox.entries[2]!.id;
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(50);
    expect(reached).toBe(true);
    expect(t.patches).toEqual([{ name: 'Trips' }]);
    // The person discards the third change now.
    await outbox.discard(thirdId);
    await expect(third).rejects.toMatchObject({ name: 'AbortError' });
    expect(outbox.entries.map((e) => e.id)).not.toContain(thirdId);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    const result = {
      ids: outbox.entries.map((e) => e.id),
      stored: await memory.keys(),
      patches: t.patches,
      interval: t.latest().interval,
    };
    await outbox.close();
    expect(result).toEqual({
      ids: [],
      stored: [],
      patches: [{ name: 'Trips' }, { status: 'paused' }],
      interval: 'monthly',
    });
  });
});
