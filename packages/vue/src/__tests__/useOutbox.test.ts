// @vitest-environment happy-dom
import type { SpendControl } from '@vstore/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSSRApp, defineComponent, effectScope, h, nextTick, shallowRef, watch } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { outboxClient } from '../../../../test/support/outboxClient';
import { createVStore } from '../createVStore';
import { useOutbox } from '../useOutbox';
import { useResource } from '../useResource';
import { useUpdateResource } from '../useUpdateResource';
import { useUpdateSpendControl } from '../useUpdateSpendControl';

type Fake = ReturnType<typeof outboxClient>;
const closing: Fake[] = [];
afterEach(async () => {
  for (const fake of closing.splice(0)) await fake.outbox.close();
});

function setup() {
  const fake = outboxClient();
  closing.push(fake);
  const scope = effectScope();
  const page = scope.run(() => ({
    outbox: useOutbox(fake.outbox),
    update: useUpdateResource(fake.client.spendControls, { outbox: fake.outbox }),
    shown: useResource(fake.client.spendControls, 'sc_1').data,
  }))!;
  return { fake, scope, ...page };
}

describe('useOutbox and useUpdateResource(resource, { outbox })', () => {
  it('stores an offline write, shows it pending in every reader, and lands it once back online', async () => {
    const { fake, scope, outbox, update, shown } = setup();
    await vi.waitFor(() => expect(shown.value?.version).toBe(1));
    expect(outbox.entries.value).toEqual([]);
    fake.offline();
    const landed = update.mutate('sc_1', { status: 'paused' });
    await vi.waitFor(() => expect(outbox.pending.value).toHaveLength(1));
    expect(outbox.pending.value[0]).toMatchObject({ kind: 'update', patch: { status: 'paused' } });
    expect(outbox.conflicts.value).toEqual([]);
    expect(update.status.value).toBe('pending');
    expect(shown.value).toMatchObject({ version: 1, status: 'paused' });
    expect(fake.client.store.get<SpendControl>('spend_control', 'sc_1')?.status).toBe('active');

    fake.online();
    expect(await landed).toMatchObject({ version: 2, status: 'paused' });
    await vi.waitFor(() => expect(outbox.entries.value).toEqual([]));
    expect(update.status.value).toBe('success');
    expect(shown.value).toMatchObject({ version: 2, status: 'paused' });
    expect(fake.patches).toEqual([{ status: 'paused' }]);
    scope.stop();
  });

  it('keeps the order of an offline mutate and edit, landing both once', async () => {
    const { fake, scope, outbox, update, shown } = setup();
    await vi.waitFor(() => expect(shown.value?.version).toBe(1));
    fake.offline();
    void update.mutate('sc_1', { name: 'Travel (one)' });
    await vi.waitFor(() => expect(outbox.pending.value).toHaveLength(1));
    void update.edit('sc_1', (draft) => {
      draft.limit = { amount: 900, currency: 'USD' };
    });
    await vi.waitFor(() => expect(outbox.pending.value).toHaveLength(2));
    expect(shown.value).toMatchObject({ version: 1, name: 'Travel (one)', limit: { amount: 900 } });
    fake.online();
    await vi.waitFor(() => expect(outbox.entries.value).toEqual([]));
    expect(fake.patches).toEqual([{ name: 'Travel (one)' }, { limit: { amount: 900, currency: 'USD' } }]);
    expect(shown.value?.version).toBe(3);
    scope.stop();
  });

  it('lists a conflict found on reconnect, without triggering the refs whose entries did not change', async () => {
    const { fake, scope, outbox, update, shown } = setup();
    await vi.waitFor(() => expect(shown.value?.version).toBe(1));
    fake.offline();
    void update.mutate('sc_1', { limit: { amount: 700, currency: 'USD' } });
    await vi.waitFor(() => expect(outbox.pending.value).toHaveLength(1));
    fake.other({ limit: { amount: 650, currency: 'USD' } });
    fake.online();
    await vi.waitFor(() => expect(outbox.conflicts.value).toHaveLength(1));
    expect(outbox.conflicts.value[0]?.conflict).toMatchObject({
      fields: ['limit'],
      mine: { limit: { amount: 700 } },
      theirs: { version: 2, limit: { amount: 650 } },
    });
    expect(outbox.pending.value).toEqual([]);
    // A second write waits behind the conflict: entries and pending trigger, conflicts does not.
    const triggered: string[] = [];
    scope.run(() => {
      watch(outbox.conflicts, () => triggered.push('conflicts'));
      watch(outbox.pending, () => triggered.push('pending'));
      watch(outbox.entries, () => triggered.push('entries'));
    });
    void update.mutate('sc_1', { status: 'paused' });
    await vi.waitFor(() => expect(outbox.pending.value).toHaveLength(1));
    await nextTick();
    expect(triggered.sort()).toEqual(['entries', 'pending']);
    expect(fake.patches).toEqual([]);

    await fake.outbox.resolve(outbox.conflicts.value[0]!.id, 'mine');
    await vi.waitFor(() => expect(outbox.entries.value).toEqual([]));
    expect(fake.patches).toEqual([{ limit: { amount: 700, currency: 'USD' } }, { status: 'paused' }]);
    scope.stop();
  });

  it('follows another outbox given as a ref, and stops following once the scope ends', async () => {
    const a = outboxClient();
    const b = outboxClient();
    closing.push(a, b);
    const source = shallowRef(a.outbox);
    const scope = effectScope();
    const state = scope.run(() => useOutbox(source))!;
    a.offline();
    b.offline();
    void a.outbox.update(a.client.spendControls, 'sc_1', { name: 'a' }).catch(() => {});
    await vi.waitFor(() => expect(state.entries.value).toHaveLength(1));
    source.value = b.outbox;
    await vi.waitFor(() => expect(state.entries.value).toEqual([]));
    scope.stop();
    void b.outbox.update(b.client.spendControls, 'sc_1', { name: 'b' }).catch(() => {});
    await vi.waitFor(() => expect(b.outbox.entries).toHaveLength(1));
    expect(state.entries.value).toEqual([]);
  });

  it('sends through the outbox from useUpdateSpendControl({ outbox }) too', async () => {
    const fake = outboxClient();
    closing.push(fake);
    const scope = effectScope();
    const update = scope.run(() => useUpdateSpendControl({ client: fake.client, outbox: fake.outbox }))!;
    fake.offline();
    void update.mutate('sc_1', { status: 'paused' });
    await vi.waitFor(() => expect(fake.outbox.entries).toHaveLength(1));
    expect(fake.patches).toEqual([]);
    scope.stop();
  });

  it('renders on the server what the outbox holds, subscribing to nothing; no outbox reads as empty', async () => {
    const fake = outboxClient();
    closing.push(fake);
    fake.offline();
    void fake.outbox.update(fake.client.spendControls, 'sc_1', { name: 'x' }).catch(() => {});
    await vi.waitFor(() => expect(fake.outbox.entries).toHaveLength(1));
    const subscribe = vi.spyOn(fake.outbox, 'subscribe');
    const Badge = defineComponent({
      setup() {
        const held = useOutbox(fake.outbox);
        const none = useOutbox(undefined);
        return () => h('p', `${held.pending.value.length} waiting, ${none.entries.value.length} elsewhere`);
      },
    });
    const app = createSSRApp(Badge).use(createVStore({ client: fake.client }));
    expect(await renderToString(app)).toBe('<p>1 waiting, 0 elsewhere</p>');
    expect(subscribe).not.toHaveBeenCalled();
  });
});
