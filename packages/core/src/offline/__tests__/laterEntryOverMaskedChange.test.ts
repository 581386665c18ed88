// A guard from review 51, kept after the change it was written against was withdrawn: 06758cf..a1b3fe5
// rebased later pending updates onto a landed one (so a value the service normalised was not held as a
// conflict), and each review found a run in which that lost a write. Without the rebase this run
// holds the conflict (or keeps the discard), which is what it checks. What the review saw:
// C is made over held version 2 (another writer W renamed at 2) with the view showing its
// own earlier pending rename B (made over version 1) and change A. A lands with its own answer from
// version 2; C's base holds A whole and its base version is 2, so rebaseOnto moves C onto version 3.
// B is held as a conflict with W's rename and resolved as theirs. C is then compared at its own
// version (carriedFields), where W's name looks like a dropped earlier change, and C's rename is sent
// over W's, unseen. With rebaseOnto switched off, C stays at version 2, meets version 3 through
// threeWay, sees W's name differ from its base, and is held as a conflict.
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

describe('a later entry whose base masks another writer’s change under an earlier pending entry', () => {
  it('is still held as a conflict after an earlier change of its entity lands', async () => {
    const t = historyService();
    let outboxOnline = false;
    await t.client.spendControls.get('sc_1');
    const out = createOutbox(t.client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => outboxOnline,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    await out.ready;
    // Over version 1: A changes the interval, B renames.
    out.update(t.client.spendControls, 'sc_1', { interval: 'weekly' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(1);
    out.update(t.client.spendControls, 'sc_1', { name: 'Mine' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(1);
    // Another writer renames (version 2); this page reads it (the outbox is still not sending).
    t.write({ name: 'W' });
    await t.client.spendControls.get('sc_1');
    // C is made over version 2, its view showing A and B over it (name 'Mine').
    out.update(t.client.spendControls, 'sc_1', { name: 'Z' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(1);
    outboxOnline = true;
    await vi.advanceTimersByTimeAsync(1000);
    // A landed (version 3); B is held as a conflict with W's rename: resolved as theirs.
    const b = out.entries.find((e) => e.patch?.name === 'Mine');
    expect(b?.status).toBe('conflict');
    await out.resolve(b?.id as string, 'theirs');
    await vi.advanceTimersByTimeAsync(1000);
    const result = {
      statuses: out.entries.map((e) => e.status),
      name: t.latest().name,
      patches: t.patches,
    };
    await out.close();
    expect(result).toEqual({
      statuses: ['conflict'],
      name: 'W',
      patches: [{ interval: 'weekly' }],
    });
  });
});
