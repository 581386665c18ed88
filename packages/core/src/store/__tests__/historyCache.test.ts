import { describe, expect, it, vi } from 'vitest';
import { createEntityStore } from '../entityStore';
import { findVersion, type HistoryCache, putVersion } from '../historyCache';

const v = (version: number) => Object.freeze({ id: 'a', version });

describe('putVersion and findVersion', () => {
  it('keep versions sorted, refuse duplicates and evict the lowest past the limit', () => {
    const cache: HistoryCache = new Map();
    expect(putVersion(cache, 'a', v(5), 3)).toBe('applied');
    expect(putVersion(cache, 'a', v(2), 3)).toBe('applied');
    expect(putVersion(cache, 'a', v(5), 3)).toBe('duplicate');
    expect(putVersion(cache, 'a', v(9), 3)).toBe('applied');
    expect(putVersion(cache, 'a', v(7), 3)).toBe('applied');
    expect(cache.get('a')?.map((e) => e.version)).toEqual([5, 7, 9]);
    expect(findVersion(cache, 'a', 2)).toBeUndefined();
    expect(findVersion(cache, 'a', 7)).toEqual(v(7));
    expect(putVersion(cache, 'a', v(1), 3)).toBe('stale');
    expect(findVersion(cache, 'b', 1)).toBeUndefined();
    expect(findVersion(undefined, 'a', 1)).toBeUndefined();
  });

  it('keep nothing with a limit of 0', () => {
    const cache: HistoryCache = new Map();
    expect(putVersion(cache, 'a', v(1), 0)).toBe('stale');
    expect(cache.size).toBe(0);
  });
});

describe('store getVersion and applyHistorical', () => {
  it('with keepSuperseded, finds the latest and every superseded version', () => {
    const store = createEntityStore({ keepSuperseded: true });
    for (const version of [1, 2, 3]) store.apply('spend_control', 'sc_1', { version });
    const latest = store.get('spend_control', 'sc_1');
    expect(store.getVersion('spend_control', 'sc_1', 3)).toBe(latest);
    expect(store.getVersion('spend_control', 'sc_1', 1)).toEqual({ version: 1 });
    expect(store.getVersion('spend_control', 'sc_1', 4)).toBeUndefined();
    expect(store.getVersion('other', 'sc_1', 1)).toBeUndefined();
  });

  it('by default keeps superseded versions only once the entity has history', () => {
    const store = createEntityStore();
    for (const version of [1, 2]) store.apply('spend_control', 'sc_1', { version });
    const latest = store.get('spend_control', 'sc_1');
    expect(store.getVersion('spend_control', 'sc_1', 2)).toBe(latest);
    expect(store.getVersion('spend_control', 'sc_1', 1)).toBeUndefined();
    expect(store.applyHistorical('spend_control', 'sc_1', { version: 1 })).toBe('applied');
    for (const version of [3, 4]) store.apply('spend_control', 'sc_1', { version });
    expect([1, 2, 3, 4, 5].map((n) => store.getVersion('spend_control', 'sc_1', n)?.version)).toEqual([
      1,
      2,
      3,
      4,
      undefined,
    ]);
    expect(store.getVersion('spend_control', 'sc_1', 2)).toBe(latest);
  });

  it('keeps no history for custom-ordered types', () => {
    const store = createEntityStore();
    store.apply('task', 't_1', { status: 'pending' });
    store.apply('task', 't_1', { status: 'running' });
    expect(store.getVersion('task', 't_1', 1)).toBeUndefined();
  });

  it('caches a historical version without touching the latest state or notifying', () => {
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', { version: 2 });
    const latest = store.get('spend_control', 'sc_1');
    const listener = vi.fn();
    store.subscribe('spend_control', 'sc_1', listener);
    expect(store.applyHistorical('spend_control', 'sc_1', { version: 7, name: 'future' })).toBe('applied');
    expect(store.applyHistorical('spend_control', 'sc_1', { version: 1 })).toBe('applied');
    expect(store.applyHistorical('spend_control', 'sc_1', { version: 1 })).toBe('duplicate');
    expect(store.applyHistorical('spend_control', 'sc_1', { version: 2 })).toBe('duplicate');
    expect(store.get('spend_control', 'sc_1')).toBe(latest);
    expect(listener).not.toHaveBeenCalled();
    const cached = store.getVersion('spend_control', 'sc_1', 7);
    expect(cached).toEqual({ version: 7, name: 'future' });
    expect(Object.isFrozen(cached)).toBe(true);
  });

  it('bounds the cache per entity and can be switched off', () => {
    const store = createEntityStore({ historySize: 2, keepSuperseded: true });
    for (let version = 1; version <= 5; version++) store.apply('spend_control', 'sc_1', { version });
    expect([1, 2, 3, 4, 5].map((n) => store.getVersion('spend_control', 'sc_1', n)?.version)).toEqual([
      undefined,
      undefined,
      3,
      4,
      5,
    ]);
    for (const historySize of [0, -1]) {
      const off = createEntityStore({ historySize });
      off.apply('spend_control', 'sc_1', { version: 1 });
      off.apply('spend_control', 'sc_1', { version: 2 });
      expect(off.getVersion('spend_control', 'sc_1', 1)).toBeUndefined();
      expect(off.applyHistorical('spend_control', 'sc_1', { version: 1 })).toBe('stale');
    }
  });

  it('refuses historical versions of a removed key', () => {
    const store = createEntityStore();
    store.remove('account', 'acc_1');
    expect(store.applyHistorical('account', 'acc_1', { version: 1 })).toBe('deleted');
    expect(store.getVersion('account', 'acc_1', 1)).toBeUndefined();
  });
});
