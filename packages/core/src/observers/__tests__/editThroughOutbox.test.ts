// Found by review 42 (each failed before its fix): an edit through the outbox ran its recipe over
// what the view showed when the edit began, then waited (edit's code loading, the storage of an
// earlier entry) before the entry took its base from the view as it was by then. An event landing
// meanwhile was taken into the base unseen, and two edits made while the first was being stored
// added once. And the edit's options (baseVersion, onConflict) were dropped without a word.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlService } from '../../../../../test/support/outboxClient';
import { createOutbox } from '../../offline/createOutbox';
import { memoryStorage, type OutboxStorage } from '../../offline/outboxStorage';
import { contextOf } from '../../reads/readContext';
import { loadEdit } from '../../resources/editResource';
import { observeUpdate } from '../observeUpdate';

function setup(storage: OutboxStorage = memoryStorage()) {
  const service = controlService({ online: false });
  const outbox = createOutbox(service.client, {
    storage,
    locks: false,
    BroadcastChannel: false,
    isOnline: () => service.net.online,
    backoff: { baseDelayMs: 5, maxDelayMs: 10 },
  });
  return {
    ...service,
    outbox,
    /** Another writer's save, straight into the service. */
    other: (amount: number) => service.other({ limit: { amount, currency: 'USD' } }),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('edit through the outbox', () => {
  it("runs its recipe over a version that lands while edit's code loads, and keeps that as the entry's base", async () => {
    const t = setup();
    t.net.online = true;
    await t.client.spendControls.get('sc_1');
    t.net.online = false;
    await t.outbox.ready;
    const updater = observeUpdate(t.client.spendControls, { outbox: t.outbox });
    let ranOver: number | undefined;
    const done = updater.edit('sc_1', (draft) => {
      if (!draft.limit) return;
      ranOver = draft.limit.amount;
      draft.limit.amount += 100;
    });
    // The recipe's code (immer, edit's chunk) is loaded for the first time: meanwhile another
    // writer's save reaches this client as an event.
    await Promise.resolve();
    await Promise.resolve();
    contextOf(t.client).store.apply('spend_control', 'sc_1', t.other(2000), 'event');
    // The first load is a real dynamic import: wait for it in real time, bounded.
    for (let n = 0; n < 20_000 && ranOver === undefined; n++)
      await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(10);
    // The recipe ran once, over what the entry keeps as its base: theirs, then mine over it.
    expect({ ranOver, baseVersion: t.outbox.entries[0]?.baseVersion }).toEqual({
      ranOver: 2000,
      baseVersion: 2,
    });
    t.net.online = true;
    globalThis.dispatchEvent?.(new Event('online'));
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect({ patches: t.patches, amount: (t.latest().limit as { amount: number }).amount }).toEqual({
      patches: [{ limit: { amount: 2100, currency: 'USD' } }],
      amount: 2100,
    });
  });

  it('two +100 edits made offline while the first is still being stored add 200, not 100', async () => {
    // Storage that answers a write 20 ms later, as IndexedDB may.
    const memory = memoryStorage();
    const slow: OutboxStorage = {
      ...memory,
      async set(key, value) {
        await memory.set(key, value);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    const t = setup(slow);
    t.net.online = true;
    await t.client.spendControls.get('sc_1');
    t.net.online = false;
    await t.outbox.ready;
    await loadEdit(); // the recipe's code is in: only the storage's time is between the two
    const updater = observeUpdate(t.client.spendControls, { outbox: t.outbox });
    const add = (draft: { limit: { amount: number } | null }) => {
      if (draft.limit) draft.limit.amount += 100;
    };
    void updater.edit('sc_1', add);
    await vi.advanceTimersByTimeAsync(5); // the first edit's recipe ran; its entry is being stored
    void updater.edit('sc_1', add);
    await vi.advanceTimersByTimeAsync(100);
    expect(t.outbox.entries).toHaveLength(2);
    t.net.online = true;
    globalThis.dispatchEvent?.(new Event('online'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.outbox.entries).toEqual([]);
    // Each edit ran "over what every reader shows now, pending changes included": 500 + 100 + 100.
    expect((t.latest().limit as { amount: number }).amount).toBe(700);
  });

  it("refuses a form's baseVersion and onConflict with a TypeError rather than dropping them", async () => {
    const t = setup();
    t.net.online = true;
    await t.client.spendControls.get('sc_1'); // the form opens on version 1 (amount 500)
    t.other(2000); // another writer saves amount 2000 (version 2)
    await t.client.spendControls.get('sc_1'); // and this client reads it
    t.net.online = false;
    await t.outbox.ready;
    await loadEdit();
    const updater = observeUpdate(t.client.spendControls, { outbox: t.outbox });
    // The person typed 800 into the form opened on version 1: as `edit` documents for a form.
    void updater.edit(
      'sc_1',
      (draft) => {
        if (draft.limit) draft.limit.amount = 800;
      },
      { baseVersion: 1, onConflict: 'abort' },
    );
    await vi.advanceTimersByTimeAsync(10);
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(1000);
    // Without an outbox this edit rejects with EditConflictError; through the outbox, whose entries
    // are compared by its own onConflict, the options are refused rather than dropped.
    expect(t.patches).toEqual([]);
    expect(updater.getResult()).toMatchObject({ status: 'error', error: expect.any(TypeError) });
    expect(String(updater.getResult().error)).toMatch(/takes no options \(baseVersion, onConflict given\)/);
  });
});
