import type { SpendControl } from '@vstore/core';
import type { Outbox } from '@vstore/core/offline';
import { describe, expect, it } from 'vitest';
import { outboxWorld } from './outboxWorld';

// Counterexamples fast-check found in the outbox property (outbox.test.ts), each kept as a test.

async function until(outbox: Outbox, done: (entries: Outbox['entries']) => boolean) {
  for (let i = 0; i < 400; i++) {
    if (done(outbox.entries)) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never: ${JSON.stringify(outbox.entries.map((e) => [e.kind, e.status]))}`);
}

const names = (history: SpendControl[]) =>
  history.map((v) => v.name).filter((name, i, all) => name?.startsWith('app-') && all[i - 1] !== name);

describe('outbox regressions', () => {
  it('sends what waited behind a conflict once that conflict is resolved as theirs', async () => {
    const { other, open } = outboxWorld();
    const { client: app, outbox } = open();
    await outbox.ready;
    await app.spendControls.get('sc_3');
    await other.spendControls.update('sc_3', { name: 'other' });
    void outbox.update(app.spendControls, 'sc_3', { name: 'app-4' }).catch(() => {});
    const later = outbox.update<SpendControl>(app.spendControls, 'sc_3', { status: 'paused' });
    await until(outbox, (entries) => entries[0]?.status === 'conflict');
    await outbox.resolve(outbox.entries[0]!.id, 'theirs');
    await expect(later).resolves.toMatchObject({ status: 'paused', name: 'other' });
    await outbox.close();
  });

  it('orders a write made right after a reload after the writes the earlier page left', async () => {
    const { network, other, open } = outboxWorld();
    network.mode = 'offline';
    const first = open();
    await first.outbox.ready;
    void first.outbox.update(first.client.spendControls, 'sc_3', { name: 'app-1' }).catch(() => {});
    void first.outbox.update(first.client.spendControls, 'sc_3', { name: 'app-2' }).catch(() => {});
    await until(first.outbox, (entries) => entries.length === 2);
    await first.outbox.close();
    const second = open();
    await second.outbox.ready;
    const last = second.outbox.update(second.client.spendControls, 'sc_3', { name: 'app-3' });
    network.mode = 'online';
    await last;
    expect(names(await other.spendControls.history('sc_3'))).toEqual(['app-1', 'app-2', 'app-3']);
    await second.outbox.close();
  });

  it('never applies an update twice when its answer was lost and another writer changed the field since', async () => {
    const { network, other, open } = outboxWorld();
    const { client: app, outbox } = open();
    await outbox.ready;
    // The PATCH commits; before its lost answer is noticed, another writer renames it again.
    network.mode = 'lose';
    network.onLost = async () => {
      network.mode = 'online';
      await other.spendControls.update('sc_1', { name: 'other' });
    };
    await outbox.update(app.spendControls, 'sc_1', { name: 'app-1' }).catch(() => {});
    await until(outbox, (entries) => entries.length === 0);
    const history = await other.spendControls.history('sc_1');
    expect(history.filter((v) => v.name === 'app-1')).toHaveLength(1);
    await outbox.close();
  });
});
