import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEntityStore } from '../entityStore';

const sc = (version: number, extra: Record<string, unknown> = {}) =>
  Object.freeze({ spend_control_id: 'sc_1', version, name: `v${version}`, ...extra });

describe('createEntityStore apply', () => {
  it('applies newer versions and refuses duplicates and stale ones', () => {
    const store = createEntityStore();
    expect(store.apply('spend_control', 'sc_1', sc(2))).toBe('applied');
    expect(store.apply('spend_control', 'sc_1', sc(2))).toBe('duplicate');
    expect(store.apply('spend_control', 'sc_1', sc(1))).toBe('stale');
    expect(store.apply('spend_control', 'sc_1', sc(3))).toBe('applied');
    expect(store.get('spend_control', 'sc_1')).toMatchObject({ version: 3, name: 'v3' });
  });

  it('takes ownership: stores the given object deep-frozen in place, the same object until it changes', () => {
    const store = createEntityStore();
    const input = {
      spend_control_id: 'sc_1',
      version: 1,
      limit: { amount: 5, currency: 'EUR' },
      tags: ['a'],
    };
    expect(store.apply('spend_control', 'sc_1', input)).toBe('applied');
    const held = store.get('spend_control', 'sc_1');
    expect(held).toBe(input);
    expect(Object.isFrozen(held)).toBe(true);
    expect(Object.isFrozen(held?.limit)).toBe(true);
    expect(Object.isFrozen(held?.tags)).toBe(true);
    // Modules are strict code: a caller that breaks ownership is told at once.
    expect(() => {
      input.limit.amount = 6;
    }).toThrow(TypeError);
    store.apply('spend_control', 'sc_1', { ...input });
    store.apply('spend_control', 'sc_1', { ...input, version: 0.5 + 0.5 });
    expect(store.get('spend_control', 'sc_1')).toBe(held);
  });

  it('leaves a refused object as it was given', () => {
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', { version: 2 });
    const stale = { version: 1, limit: { amount: 1 } };
    expect(store.apply('spend_control', 'sc_1', stale)).toBe('stale');
    expect(Object.isFrozen(stale)).toBe(false);
    expect(Object.isFrozen(stale.limit)).toBe(false);
  });

  it('stores a plain frozen copy of an entity that is not a plain object', () => {
    class Model {
      constructor(readonly version: number) {}
    }
    const store = createEntityStore();
    const bare = Object.assign(Object.create(null) as object, { version: 2 });
    store.apply('spend_control', 'a', new Model(1));
    store.apply('spend_control', 'b', bare);
    for (const id of ['a', 'b']) {
      const held = store.get('spend_control', id);
      expect(Object.getPrototypeOf(held)).toBe(Object.prototype);
      expect(Object.isFrozen(held)).toBe(true);
    }
    expect(store.get('spend_control', 'b')).toEqual({ version: 2 });
  });

  it('keeps types and ids apart', () => {
    const store = createEntityStore();
    store.apply('spend_control', 'x', sc(5));
    expect(store.apply('account', 'x', { account_id: 'x', version: 1 })).toBe('applied');
    expect(store.apply('spend_control', 'y', sc(1))).toBe('applied');
    expect(store.get('spend_control', 'x')?.version).toBe(5);
    expect(store.get('account', 'x')?.version).toBe(1);
    expect(store.get('account', 'nope')).toBeUndefined();
    expect(store.get('nope', 'x')).toBeUndefined();
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2', undefined, null])(
    'throws TypeError for version %s',
    (version) => {
      const store = createEntityStore();
      expect(() => store.apply('spend_control', 'sc_1', { version })).toThrow(TypeError);
      expect(() => store.applyHistorical('spend_control', 'sc_1', { version })).toThrow(TypeError);
      expect(store.get('spend_control', 'sc_1')).toBeUndefined();
    },
  );

  it('throws TypeError for an entity that is not an object', () => {
    const store = createEntityStore();
    expect(() => store.apply('spend_control', 'sc_1', null as unknown as object)).toThrow(TypeError);
    expect(() => store.apply('spend_control', 'sc_1', 'x' as unknown as object)).toThrow(TypeError);
  });
});

describe('createEntityStore subscribe', () => {
  it('notifies only the changed key, and only for accepted versions', () => {
    const store = createEntityStore();
    const mine = vi.fn();
    const other = vi.fn();
    store.subscribe('spend_control', 'sc_1', mine);
    store.subscribe('spend_control', 'sc_2', other);
    store.apply('spend_control', 'sc_1', sc(2));
    store.apply('spend_control', 'sc_1', sc(2));
    store.apply('spend_control', 'sc_1', sc(1));
    expect(mine).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('stops notifying after unsubscribe, which may be called twice', () => {
    const store = createEntityStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe('spend_control', 'sc_1', listener);
    unsubscribe();
    unsubscribe();
    store.apply('spend_control', 'sc_1', sc(1));
    expect(listener).not.toHaveBeenCalled();
  });

  it('calls every listener when one throws, then throws one AggregateError', () => {
    const store = createEntityStore();
    const boom = new Error('boom');
    const after = vi.fn();
    store.subscribe('spend_control', 'sc_1', () => {
      throw boom;
    });
    store.subscribe('spend_control', 'sc_1', after);
    let thrown: unknown;
    try {
      store.apply('spend_control', 'sc_1', sc(1));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors).toEqual([boom]);
    expect(after).toHaveBeenCalledTimes(1);
    expect(store.get('spend_control', 'sc_1')?.version).toBe(1);
  });
});

describe('createEntityStore batch', () => {
  it('notifies each changed key once, after the outermost batch', () => {
    const store = createEntityStore();
    const seen: (number | undefined)[] = [];
    store.subscribe('spend_control', 'sc_1', () =>
      seen.push(store.get('spend_control', 'sc_1')?.version as number),
    );
    const result = store.batch(() => {
      store.apply('spend_control', 'sc_1', sc(1));
      store.batch(() => store.apply('spend_control', 'sc_1', sc(2)));
      store.apply('spend_control', 'sc_1', sc(3));
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual([3]);
  });

  it('still notifies when the batch function throws, and rethrows its error', () => {
    const store = createEntityStore();
    const listener = vi.fn();
    store.subscribe('spend_control', 'sc_1', listener);
    const failure = new Error('recipe failed');
    expect(() =>
      store.batch(() => {
        store.apply('spend_control', 'sc_1', sc(1));
        throw failure;
      }),
    ).toThrow(failure);
    expect(listener).toHaveBeenCalledTimes(1);
    store.apply('spend_control', 'sc_1', sc(2));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('puts the batch function error first when listeners throw as well', () => {
    const store = createEntityStore();
    const listenerError = new Error('listener');
    const failure = new Error('recipe');
    store.subscribe('spend_control', 'sc_1', () => {
      throw listenerError;
    });
    let thrown: unknown;
    try {
      store.batch(() => {
        store.apply('spend_control', 'sc_1', sc(1));
        throw failure;
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors).toEqual([failure, listenerError]);
  });

  it('collects listener errors of the whole batch into one AggregateError', () => {
    const store = createEntityStore();
    store.subscribe('spend_control', 'a', () => {
      throw new Error('a');
    });
    store.subscribe('spend_control', 'b', () => {
      throw new Error('b');
    });
    const fn = () =>
      store.batch(() => {
        store.apply('spend_control', 'a', sc(1));
        store.apply('spend_control', 'b', sc(1));
      });
    expect(fn).toThrow(expect.objectContaining({ errors: [new Error('a'), new Error('b')] }));
  });
});

describe('createEntityStore re-entrant writes', () => {
  it('runs each queued listener once when a listener writes during the flush', () => {
    const store = createEntityStore();
    const calls: string[] = [];
    store.subscribe('spend_control', 'a', () => {
      calls.push('a');
      store.batch(() => store.apply('spend_control', 'b', sc(1)));
    });
    store.subscribe('spend_control', 'b', () => calls.push('b'));
    store.subscribe('spend_control', 'c', () => calls.push('c'));
    store.batch(() => {
      store.apply('spend_control', 'a', sc(1));
      store.apply('spend_control', 'c', sc(1));
    });
    expect(calls.sort()).toEqual(['a', 'b', 'c']);
    store.apply('spend_control', 'c', sc(2));
    expect(calls.filter((key) => key === 'c')).toHaveLength(2);
  });
});

describe('createEntityStore remove', () => {
  it('tombstones the key: notifies once, then every apply is deleted', () => {
    const store = createEntityStore();
    store.apply('account', 'acc_1', { account_id: 'acc_1', version: 3 });
    const seen: unknown[] = [];
    store.subscribe('account', 'acc_1', () => seen.push(store.get('account', 'acc_1')));
    store.remove('account', 'acc_1');
    store.remove('account', 'acc_1');
    expect(seen).toEqual([undefined]);
    expect(store.isRemoved('account', 'acc_1')).toBe(true);
    expect(store.apply('account', 'acc_1', { account_id: 'acc_1', version: 2 })).toBe('deleted');
    expect(store.apply('account', 'acc_1', { account_id: 'acc_1', version: 9 })).toBe('deleted');
    expect(store.get('account', 'acc_1')).toBeUndefined();
    expect(store.getVersion('account', 'acc_1', 3)).toBeUndefined();
    expect(seen).toEqual([undefined]);
  });

  it('tombstones a key that was never held', () => {
    const store = createEntityStore();
    store.remove('account', 'acc_9');
    expect(store.apply('account', 'acc_9', { version: 1 })).toBe('deleted');
  });
});

describe('createEntityStore development warning', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('warns when one version arrives with different content, and keeps the first copy', () => {
    vi.stubEnv('NODE_ENV', 'development');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', sc(1, { limit: { amount: 1 } }));
    expect(store.apply('spend_control', 'sc_1', sc(1, { limit: { amount: 1 } }))).toBe('duplicate');
    expect(warn).not.toHaveBeenCalled();
    expect(store.apply('spend_control', 'sc_1', sc(1, { limit: { amount: 2 } }))).toBe('duplicate');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('spend_control sc_1 v1 resent');
    expect(store.get('spend_control', 'sc_1')?.limit).toEqual({ amount: 1 });
  });

  it('compares content whatever the key order and nested identity', () => {
    vi.stubEnv('NODE_ENV', 'development');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', { version: 1, name: 'x', limit: { amount: 1, currency: 'EUR' } });
    store.apply('spend_control', 'sc_1', { limit: { currency: 'EUR', amount: 1 }, name: 'x', version: 1 });
    expect(warn).not.toHaveBeenCalled();
    store.apply('spend_control', 'sc_1', { version: 1, name: 'x', limit: { amount: 1, currency: 'USD' } });
    store.apply('spend_control', 'sc_1', { version: 1, name: 'x' });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('stays silent in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', sc(1));
    store.apply('spend_control', 'sc_1', sc(1, { name: 'other' }));
    expect(warn).not.toHaveBeenCalled();
  });
});
