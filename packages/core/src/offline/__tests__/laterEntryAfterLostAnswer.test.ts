// A guard from review 48, kept after the change it was written against was withdrawn: 06758cf..a1b3fe5
// rebased later pending updates onto a landed one (so a value the service normalised was not held as a
// conflict), and each review found a run in which that lost a write. Without the rebase this run
// holds the conflict (or keeps the discard), which is what it checks. What the review saw:
// when an update's answer is lost, the sender later finds it landed by the resource's
// history and reports the *latest* entity as what landed. rebaseOnto then writes the latest's values
// (another writer's, made after the landing) into the base of the next pending update of the entity,
// so that update no longer sees the other writer's change of the same field and overwrites it.
// Without the rebase (and when the answer is not lost: normalisedEarlierVersioned's second test) the
// later update is held as a conflict.
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

describe('a later update after an earlier one found landed by history', () => {
  it('is held as a conflict when another writer changed the same field after the earlier one landed', async () => {
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
    outbox.update(t.client.spendControls, 'sc_1', { name: 'Trips' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    outbox.update(t.client.spendControls, 'sc_1', { name: 'Trips 2026' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    t.net.loseNextAnswer = true;
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(50);
    // 'Trips' landed as version 2, its answer lost; now another writer renames it (version 3).
    expect(t.latest()).toMatchObject({ version: 2, name: 'Trips' });
    t.write({ name: 'Theirs' });
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(1000);
    const result = {
      statuses: outbox.entries.map((e) => e.status),
      name: t.latest().name,
      patches: t.patches,
    };
    await outbox.close();
    // The second update was made over 'Trips', not over 'Theirs': it must not overwrite 'Theirs' unseen.
    expect(result).toEqual({ statuses: ['conflict'], name: 'Theirs', patches: [{ name: 'Trips' }] });
  });
});
