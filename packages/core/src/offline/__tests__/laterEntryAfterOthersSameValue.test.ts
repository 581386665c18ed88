// A guard from review 49, kept after the change it was written against was withdrawn: 06758cf..a1b3fe5
// rebased later pending updates onto a landed one (so a value the service normalised was not held as a
// conflict), and each review found a run in which that lost a write. Without the rebase this run
// holds the conflict (or keeps the discard), which is what it checks. What the review saw:
// an update whose PATCH never reached the service was
// later found "landed" because another writer's version sentFrom + 1 held the same value (carries).
// rebaseOnto took sentFrom + 1 for the version the write made and moved the next pending update's
// baseVersion onto it, so that update no longer saw the other writer's change of a field it also
// writes, and overwrote it unseen. Only the PATCH's own answer is now rebased onto.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyService } from '../../../../../test/support/historyService';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a later update after an earlier one found landed in another writer’s version sentFrom + 1', () => {
  it('is held as a conflict on the field the other writer changed, not sent over it', async () => {
    const t = historyService();
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
    // Mine: pause it; then raise the limit to 700 (made over version 1 with my pause).
    outbox.update(t.client.spendControls, 'sc_1', { status: 'paused' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    outbox
      .update(t.client.spendControls, 'sc_1', { limit: { amount: 700, currency: 'USD' } })
      .catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    t.net.dropNextPatch = true;
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(50);
    // The pause's PATCH went out from version 1 (sentFrom 1) and never arrived.
    expect(t.latest()).toMatchObject({ version: 1, status: 'active' });
    // Another writer pauses it too and sets the limit to 900: version 2 (= sentFrom + 1).
    t.write({ status: 'paused', limit: { amount: 900, currency: 'USD' } });
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(1000);
    const result = {
      statuses: outbox.entries.map((e) => e.status),
      limit: t.latest().limit,
      patches: t.patches,
    };
    await outbox.close();
    // My 700 was made over 500, not over their 900: it must not overwrite 900 unseen.
    expect(result).toEqual({
      statuses: ['conflict'],
      limit: { amount: 900, currency: 'USD' },
      patches: [],
    });
  });
});
