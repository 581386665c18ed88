// Found by review 43 (failed on an intermediate fix, 31f53bf): a second resolve(id, 'mine') made while the
// first was storing found the entry no longer a conflict and deleted its record: after a reload the
// write was gone.
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

describe('resolve as mine, twice', () => {
  it('keeps the resolved entry stored', async () => {
    const t = setup();
    t.net.online = true;
    await t.client.spendControls.get('sc_1');
    t.net.online = false;
    const storage = memoryStorage();
    const options = {
      storage,
      locks: false as const,
      BroadcastChannel: false as const,
      isOnline: () => t.net.online,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    };
    const outbox = createOutbox(t.client, options);
    await outbox.ready;
    outbox.update(t.client.spendControls, 'sc_1', { name: 'Mine' }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    t.other('Theirs');
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(50);
    const [entry] = outbox.entries;
    expect(entry?.status).toBe('conflict');
    // Offline again; the person clicks "keep mine" twice.
    t.net.online = false;
    await Promise.all([outbox.resolve(entry!.id, 'mine'), outbox.resolve(entry!.id, 'mine')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.entries.map((e) => e.status)).toEqual(['pending']);
    // The page reloads before the device is back online.
    await outbox.close();
    const next = createOutbox(t.client, options);
    await next.ready;
    expect({ stored: (await storage.keys()).length, restored: next.entries.length }).toEqual({
      stored: 1,
      restored: 1,
    });
    await next.close();
  });
});
