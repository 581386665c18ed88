// Found by review 42 (failed before its fix): an update's base holds its entity's earlier pending
// changes; when one of those was dropped (resolved as theirs, discarded), a later entry carrying the same
// top-level field sent the dropped value over the other writer's, since its base was compared only when
// the held version had moved.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlService } from '../../../../../test/support/outboxClient';
import { observeUpdate } from '../../observers/observeUpdate';
import { loadEdit } from '../../resources/editResource';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

type Row = ReturnType<ReturnType<typeof controlService>['latest']>;

function setup() {
  const service = controlService({ online: false });
  return { ...service, other: (limit: Row['limit']) => service.other({ limit }) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a later entry built over an earlier one that is dropped', () => {
  it("does not send a conflict's losing amount after the person chose theirs", async () => {
    const t = setup();
    t.net.online = true;
    await t.client.spendControls.get('sc_1');
    await loadEdit();
    t.net.online = false;
    const outbox = createOutbox(t.client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => t.net.online,
      backoff: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    await outbox.ready;
    // Offline, this user sets the amount to 900; meanwhile another writer sets it to 2000.
    void outbox
      .update(t.client.spendControls, 'sc_1', { limit: { amount: 900, currency: 'USD' } })
      .catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    t.other({ amount: 2000, currency: 'USD' });
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(50);
    const [first] = outbox.entries;
    expect(first?.status).toBe('conflict');
    expect(first?.conflict?.fields).toEqual(['limit']);
    // While the conflict waits for a decision, the user changes only the currency (an edit through
    // the outbox, as useUpdateResource(resource, { outbox }).edit does).
    const updater = observeUpdate(t.client.spendControls, { outbox });
    void updater.edit('sc_1', (draft) => {
      if (draft.limit) draft.limit.currency = 'EUR';
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.entries).toHaveLength(2);
    // The person looks at the conflict (amount: mine 900, theirs 2000) and keeps theirs.
    await outbox.resolve(first!.id, 'theirs');
    await vi.advanceTimersByTimeAsync(1000);
    // Theirs (2000) should stand: either the currency change goes over it, or the later entry is
    // held as a conflict too. Instead 900, the amount the person just turned down, is sent over 2000.
    expect(t.patches).not.toContainEqual({ limit: { amount: 900, currency: 'EUR' } });
    expect(t.latest().limit?.amount).toBe(2000);
  });
});
