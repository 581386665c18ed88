// A guard from review 50, kept after the change it was written against was withdrawn: 06758cf..a1b3fe5
// rebased later pending updates onto a landed one (so a value the service normalised was not held as a
// conflict), and each review found a run in which that lost a write. Without the rebase this run
// holds the conflict (or keeps the discard), which is what it checks. What the review saw:
// two tabs' outboxes on one storage. Tab Y renames the
// entity; tab X, before it hears of Y's entry, renames it otherwise over the same version. Ordered by
// madeAt, Y's entry goes first and lands with its own answer (sentFrom + 1); rebaseOnto moved X's base
// version onto it although X's base was never made over Y's change, so X overwrote Y's name unseen.
// The base now moves only when it holds the earlier change whole.
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

describe('two tabs on one storage, each renaming over the same version', () => {
  it('holds the later tab’s rename as a conflict, not sent over the earlier tab’s', async () => {
    const t = historyService(false);
    const storage = memoryStorage();
    const opts = {
      storage,
      locks: false as const,
      BroadcastChannel: false as const,
      isOnline: () => t.net.online,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    };
    // Both tabs read version 1 while online, then go offline.
    const tabY = t.newClient();
    const tabX = t.newClient();
    t.net.online = true;
    await tabY.spendControls.get('sc_1');
    await tabX.spendControls.get('sc_1');
    t.net.online = false;
    const outY = createOutbox(tabY, opts);
    const outX = createOutbox(tabX, opts);
    await outY.ready;
    await outX.ready;
    outY.update(tabY.spendControls, 'sc_1', { name: 'Travel (Y)' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(1);
    // Tab X has not heard of Y's entry yet: its rename is made over version 1 as it holds it.
    outX.update(tabX.spendControls, 'sc_1', { name: 'Travel (X)' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(1);
    await outY.close();
    await outX.close();
    // A reload: one page restores both entries, Y's first (made first), and goes online.
    const page = t.newClient();
    t.net.online = true;
    await page.spendControls.get('sc_1');
    const out = createOutbox(page, opts);
    await out.ready;
    await vi.advanceTimersByTimeAsync(5000);
    const result = {
      statuses: out.entries.map((e) => e.status),
      name: t.latest().name,
      patches: t.patches,
    };
    await out.close();
    expect(result).toEqual({
      statuses: ['conflict'],
      name: 'Travel (Y)',
      patches: [{ name: 'Travel (Y)' }],
    });
  });
});
