// Found by review 42 (failed before its fix): a discard made while resolve(id, 'mine') was storing the
// entry removed it, and the resolve then put it back and sent it: the write the person discarded landed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlService } from '../../../../../test/support/outboxClient';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

function setup() {
  const service = controlService({ online: false });
  return { ...service, other: (name: string) => service.other({ name }) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('resolve and discard of one conflict', () => {
  it('sends nothing for a conflict discarded while its resolution as mine is being stored', async () => {
    const t = setup();
    t.net.online = true;
    await t.client.spendControls.get('sc_1');
    t.net.online = false;
    const storage = memoryStorage();
    const outbox = createOutbox(t.client, {
      storage,
      locks: false,
      BroadcastChannel: false,
      isOnline: () => t.net.online,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    await outbox.ready;
    const write = outbox.update(t.client.spendControls, 'sc_1', { name: 'Mine' });
    write.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    t.other('Theirs');
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(50);
    const [entry] = outbox.entries;
    expect(entry?.status).toBe('conflict');
    // "Keep mine", then, at once, "discard" (a second click, or another part of the UI).
    const resolved = outbox.resolve(entry!.id, 'mine');
    const discarded = outbox.discard(entry!.id);
    await Promise.allSettled([resolved, discarded]);
    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(1000);
    // Discarded: nothing is sent, and neither the outbox nor its storage holds anything of it.
    expect({ entries: outbox.entries.length, stored: await storage.keys(), patches: t.patches }).toEqual({
      entries: 0,
      stored: [],
      patches: [],
    });
    await outbox.close();
  });
});
