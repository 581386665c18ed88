// Review: sendEntry.ts says "Versions up to `sentFrom` are never taken for it" when it decides from
// the history whether an update whose PATCH went out before has landed. No test in the suite fails
// when landedSince() stops checking the version (the outbox property writes a fresh name every time,
// so an older version never holds the values of a write). This one does: the user renames a control
// back to a name it had before, the PATCH never reaches the service, another writer changes another
// field meanwhile; the rename must still land, not be taken as landed by the old version.
import { createService } from '@vstore/service';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import type { SpendControl } from '../../resources/spendControls';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('outbox landed detection by history', () => {
  it('does not take an older version that held the same value as the landing of a lost PATCH', async () => {
    const service = createService({ rateLimit: false });
    const direct = (input: RequestInfo | URL, init?: RequestInit) => service.fetch(new Request(input, init));
    const other = createClient({ baseUrl: 'http://svc.test', getToken: () => 'dev-token', fetch: direct });
    let dropNextPatch = true;
    const app = createClient({
      baseUrl: 'http://svc.test',
      getToken: () => 'dev-token',
      retry: { maxAttempts: 1 },
      fetch: async (input, init) => {
        if (init?.method === 'PATCH' && dropNextPatch) {
          dropNextPatch = false;
          // The PATCH never reaches the service; meanwhile another writer changes another field.
          const now = await other.spendControls.get('sc_1', { maxAgeMs: 0 });
          await other.spendControls.update('sc_1', {
            interval: now.interval === 'weekly' ? 'monthly' : 'weekly',
          });
          throw new TypeError('fetch failed');
        }
        return direct(input, init);
      },
    });
    await other.spendControls.update('sc_1', { name: 'Travel' });
    await other.spendControls.update('sc_1', { name: 'Trips' });
    await app.spendControls.get('sc_1');
    const outbox = createOutbox(app, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => true,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    await outbox.ready;
    // The user renames it back to the name it had two versions ago.
    const write = outbox.update<SpendControl>(app.spendControls, 'sc_1', { name: 'Travel' });
    let result: SpendControl | undefined;
    let failure: unknown;
    write.then(
      (value) => {
        result = value;
      },
      (error) => {
        failure = error;
      },
    );
    for (let i = 0; i < 100 && result === undefined && failure === undefined; i++)
      await vi.advanceTimersByTimeAsync(10);
    expect(failure).toBeUndefined();
    expect(result?.name).toBe('Travel');
    expect((await other.spendControls.get('sc_1', { maxAgeMs: 0 })).name).toBe('Travel');
    await outbox.close();
    await service.close();
  });
});
