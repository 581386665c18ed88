import { describe, expect, it, vi } from 'vitest';
import { createEntityStore } from '../../store/entityStore';
import { loadImmer } from '../loadImmer';
import { createOptimisticLayer } from '../optimisticLayer';

interface Sc {
  spend_control_id: string;
  version: number;
  name: string;
  limit: { amount: number; currency: string };
  status: string;
}

const sc = (version: number, extra: Partial<Sc> = {}): Sc =>
  Object.freeze({
    spend_control_id: 'sc_1',
    version,
    name: 'Travel',
    limit: { amount: 100, currency: 'EUR' },
    status: 'active',
    ...extra,
  });

function setup() {
  const store = createEntityStore();
  store.apply('spend_control', 'sc_1', sc(1));
  const layer = createOptimisticLayer(store);
  const view = () => layer.get<Sc>('spend_control', 'sc_1');
  const confirmed = () => store.get<Sc>('spend_control', 'sc_1');
  return { store, layer, view, confirmed };
}

describe('createOptimisticLayer', () => {
  it('shows a pending change over the confirmed entity while the store keeps only confirmed data', () => {
    const { layer, view, confirmed } = setup();
    const before = confirmed();
    const handle = layer.apply<Sc>('spend_control', 'sc_1', { name: 'Trips' });
    expect(handle.baseVersion).toBe(1);
    expect(view()).toMatchObject({ name: 'Trips', version: 1 });
    expect(confirmed()).toBe(before);
    expect(confirmed()?.name).toBe('Travel');
    expect(view()).toBe(view());
    expect(Object.isFrozen(view())).toBe(true);
    expect(layer.isPending('spend_control', 'sc_1')).toBe(true);
  });

  it('keeps the confirmed version on the view, whatever the change says', async () => {
    await loadImmer();
    const { layer, view } = setup();
    layer.apply<Sc>('spend_control', 'sc_1', (draft) => {
      draft.version = 99;
      draft.limit.amount = 250;
    });
    expect(view()).toMatchObject({ version: 1, limit: { amount: 250 } });
  });

  it('rebases pending changes on a newer confirmed version and notifies the view', async () => {
    await loadImmer();
    const { store, layer, view } = setup();
    let notified = 0;
    layer.subscribe('spend_control', 'sc_1', () => notified++);
    layer.apply<Sc>('spend_control', 'sc_1', (draft) => {
      draft.name = `${draft.name}!`;
    });
    store.apply(
      'spend_control',
      'sc_1',
      sc(2, { name: 'Travel EU', limit: { amount: 500, currency: 'EUR' } }),
      'event',
    );
    expect(view()).toMatchObject({ version: 2, name: 'Travel EU!', limit: { amount: 500 } });
    expect(notified).toBe(2);
    // A stale confirmed write changes nothing and notifies nobody.
    store.apply('spend_control', 'sc_1', sc(1), 'event');
    expect(notified).toBe(2);
  });

  it("drops the change once confirmed with the server's answer, leaving the store's own object", () => {
    const { layer, view, confirmed } = setup();
    const handle = layer.apply<Sc>('spend_control', 'sc_1', { name: 'Trips' });
    handle.confirm(sc(2, { name: 'Trips' }));
    expect(handle.status).toBe('settled');
    expect(confirmed()).toMatchObject({ version: 2, name: 'Trips' });
    expect(view()).toBe(confirmed());
    expect(layer.isPending('spend_control', 'sc_1')).toBe(false);
    expect(layer.pendingKeys()).toEqual([]);
  });

  it('keeps showing a change confirmed by version until the store catches up, then drops it', () => {
    const { store, layer, view, confirmed } = setup();
    const handle = layer.apply<Sc>('spend_control', 'sc_1', { name: 'Trips' });
    handle.confirm(3);
    expect(handle.status).toBe('confirming');
    store.apply('spend_control', 'sc_1', sc(2, { name: 'Other' }), 'event');
    expect(view()).toMatchObject({ version: 2, name: 'Trips' });
    store.apply('spend_control', 'sc_1', sc(3, { name: 'Trips' }), 'event');
    expect(view()).toBe(confirmed());
    expect(handle.status).toBe('settled');
  });

  it('drops at once when the answer is older than what the store already holds', () => {
    const { store, layer, view, confirmed } = setup();
    const handle = layer.apply<Sc>('spend_control', 'sc_1', { name: 'Trips' });
    store.apply('spend_control', 'sc_1', sc(4, { name: 'Trips' }), 'event');
    handle.confirm(sc(3, { name: 'Trips' }));
    expect(confirmed()?.version).toBe(4);
    expect(view()).toBe(confirmed());
  });

  it('drops a failed change at once and keeps the others in order', async () => {
    await loadImmer();
    const { layer, view, confirmed } = setup();
    const first = layer.apply<Sc>('spend_control', 'sc_1', { name: 'A' });
    layer.apply<Sc>('spend_control', 'sc_1', (draft) => {
      draft.name = `${draft.name}+B`;
    });
    expect(view()?.name).toBe('A+B');
    first.fail();
    expect(first.status).toBe('settled');
    expect(view()?.name).toBe('Travel+B');
    first.confirm(5);
    expect(view()?.name).toBe('Travel+B');
    expect(confirmed()?.version).toBe(1);
  });

  it('drops every change of a removed key', () => {
    const { store, layer, view } = setup();
    layer.apply<Sc>('spend_control', 'sc_1', { name: 'A' });
    store.remove('spend_control', 'sc_1');
    expect(view()).toBeUndefined();
    expect(layer.isPending('spend_control', 'sc_1')).toBe(false);
  });

  it('has no view before anything is confirmed', () => {
    const { layer } = setup();
    layer.apply<Sc>('spend_control', 'sc_2', { name: 'A' });
    expect(layer.get('spend_control', 'sc_2')).toBeUndefined();
  });

  it('observes the view: current value first, then each change, never a repeat', () => {
    const { store, layer, confirmed } = setup();
    const seen: (Sc | undefined)[] = [];
    const subscription = layer.observe<Sc>('spend_control', 'sc_1').subscribe((v) => seen.push(v));
    const handle = layer.apply<Sc>('spend_control', 'sc_1', { name: 'A' });
    handle.confirm(sc(2, { name: 'A' }));
    store.apply('spend_control', 'sc_1', sc(2, { name: 'A' }), 'event');
    const settled = confirmed();
    subscription.unsubscribe();
    store.apply('spend_control', 'sc_1', sc(3), 'event');
    expect(seen.map((v) => [v?.version, v?.name])).toEqual([
      [1, 'Travel'],
      [1, 'A'],
      [2, 'A'],
    ]);
    // Once settled, the view is the store's own confirmed object, not a copy.
    expect(seen[2]).toBe(settled);
    expect(confirmed()?.version).toBe(3);
  });

  it('an old unsubscribe called again does not cut a newer subscriber of the key off', () => {
    const { layer } = setup();
    const stale = layer.subscribe('spend_control', 'sc_1', () => {});
    layer.apply<Sc>('spend_control', 'sc_1', { name: 'A' }).fail();
    stale(); // the key's state is released here
    let calls = 0;
    layer.subscribe('spend_control', 'sc_1', () => calls++);
    stale(); // again, as an unmount running twice does
    layer.apply<Sc>('spend_control', 'sc_1', { name: 'B' });
    expect(calls).toBe(1);
    expect(layer.isPending('spend_control', 'sc_1')).toBe(true);
  });

  it('run confirms with the resolved answer, or fails and rethrows', async () => {
    const { layer, view, confirmed } = setup();
    let during: Sc | undefined;
    const result = await layer.run<Sc>('spend_control', 'sc_1', { name: 'A' }, async () => {
      during = view();
      return sc(2, { name: 'A' });
    });
    expect(during?.name).toBe('A');
    expect(result.version).toBe(2);
    expect(view()).toBe(confirmed());
    const failure = layer.run<Sc>('spend_control', 'sc_1', { name: 'B' }, async () => {
      throw new Error('422');
    });
    await expect(failure).rejects.toThrow('422');
    expect(view()).toBe(confirmed());
    expect(confirmed()?.name).toBe('A');
  });

  describe('before immer has loaded (a fresh module graph)', () => {
    const fresh = async () => {
      vi.resetModules();
      const immer = await import('../loadImmer');
      const { createOptimisticLayer: create } = await import('../optimisticLayer');
      const { createEntityStore: createStore } = await import('../../store/entityStore');
      const store = createStore();
      store.apply('spend_control', 'sc_1', sc(1));
      return { immer, store, layer: create(store) };
    };

    it('merges partials without loading immer: a frozen copy, the confirmed version kept', async () => {
      const { immer, store, layer } = await fresh();
      layer.apply<Sc>('spend_control', 'sc_1', { name: 'Trips', version: 7 });
      const view = layer.get<Sc>('spend_control', 'sc_1');
      expect(view).toMatchObject({ name: 'Trips', version: 1, limit: { amount: 100 } });
      expect(Object.isFrozen(view)).toBe(true);
      expect(layer.get('spend_control', 'sc_1')).toBe(view);
      expect(store.get<Sc>('spend_control', 'sc_1')?.name).toBe('Travel');
      expect(immer.loadedImmer()).toBeUndefined();
      // A partial that changes nothing leaves the store's own object, as immer would.
      const other = layer.apply<Sc>('spend_control', 'sc_1', { name: 'Trips' });
      other.fail();
      layer.apply<Sc>('spend_control', 'sc_1', { status: 'active' });
      expect(layer.get<Sc>('spend_control', 'sc_1')?.status).toBe('active');
    });

    it('shows a recipe once immer has loaded, and tells the key listeners then', async () => {
      const { immer, layer } = await fresh();
      let notified = 0;
      layer.subscribe('spend_control', 'sc_1', () => notified++);
      layer.apply<Sc>('spend_control', 'sc_1', { status: 'paused' });
      layer.apply<Sc>('spend_control', 'sc_1', (draft) => {
        draft.limit.amount = 250;
      });
      expect(immer.loadedImmer()).toBeUndefined();
      // Until then the partials show, the recipe waits.
      expect(layer.get<Sc>('spend_control', 'sc_1')).toMatchObject({
        status: 'paused',
        limit: { amount: 100 },
      });
      expect(layer.isPending('spend_control', 'sc_1')).toBe(true);
      const before = notified;
      await immer.loadImmer();
      await Promise.resolve();
      expect(notified).toBe(before + 1);
      expect(layer.get<Sc>('spend_control', 'sc_1')).toMatchObject({
        status: 'paused',
        limit: { amount: 250 },
      });
    });

    it('run loads immer before it applies a recipe, so the change shows while the request runs', async () => {
      const { layer } = await fresh();
      let seenWhileSending: string | undefined;
      const done = layer.run<Sc>(
        'spend_control',
        'sc_1',
        (draft) => {
          draft.name = 'Trips';
        },
        async () => {
          seenWhileSending = layer.get<Sc>('spend_control', 'sc_1')?.name;
          return sc(2, { name: 'Trips' });
        },
      );
      await expect(done).resolves.toMatchObject({ version: 2 });
      expect(seenWhileSending).toBe('Trips');
    });
  });
});

describe('createOptimisticLayer: a listener that throws', () => {
  it('leaves no change behind when the change is shown to a listener that throws', async () => {
    const { layer, view } = setup();
    layer.subscribe('spend_control', 'sc_1', () => {
      throw new Error('a listener bug');
    });
    const send = vi.fn(async () => sc(2, { name: 'Trips' }));
    const outcome = await layer
      .run('spend_control', 'sc_1', { name: 'Trips' }, send)
      .catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(AggregateError);
    expect(send).not.toHaveBeenCalled();
    expect(layer.isPending('spend_control', 'sc_1')).toBe(false);
    expect(view()?.name).toBe('Travel');
  });
});
