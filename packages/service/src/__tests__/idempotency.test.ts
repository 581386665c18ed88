import { describe, expect, it } from 'vitest';
import { createIdempotencyStore } from '../idempotency';

describe('createIdempotencyStore', () => {
  it('admits once, reports in-flight, replays the stored result and refuses another body', () => {
    const store = createIdempotencyStore(() => 0, { ttlMs: 1000 });
    expect(store.admit('t', 'k', 'A')).toEqual({ kind: 'new' });
    expect(store.admit('t', 'k', 'A')).toEqual({ kind: 'in_flight' });
    expect(store.admit('t', 'k', 'B')).toEqual({ kind: 'different_body' });
    store.complete('t', 'k', { status: 201, body: { id: 1 } });
    expect(store.admit('t', 'k', 'A')).toEqual({ kind: 'replay', result: { status: 201, body: { id: 1 } } });
    expect(store.inFlightKeys()).toEqual([]);
  });

  it('forgets a finished key after the TTL, and a released key at once', () => {
    let t = 0;
    const store = createIdempotencyStore(() => t, { ttlMs: 1000 });
    store.admit('t', 'k', 'A');
    store.complete('t', 'k', { status: 201, body: {} });
    t = 1000;
    expect(store.admit('t', 'k', 'B')).toEqual({ kind: 'new' });
    store.release('t', 'k');
    expect(store.size()).toBe(0);
  });

  it('drops expired keys, oldest first, when another key is admitted', () => {
    let t = 0;
    const store = createIdempotencyStore(() => t, { ttlMs: 1000 });
    for (const key of ['a', 'b', 'c']) {
      store.admit('t', key, 'A');
      store.complete('t', key, { status: 201, body: {} });
      t += 400;
    }
    expect(store.size()).toBe(3);
    t = 1400; // 'a' (admitted at 0) and 'b' (at 400) are past the TTL, 'c' (at 800) is not
    store.admit('t', 'd', 'A');
    expect(store.size()).toBe(2);
    expect(store.admit('t', 'c', 'A')).toMatchObject({ kind: 'replay' });
  });

  it('keeps a key whose request is still running, even past the TTL', () => {
    let t = 0;
    const store = createIdempotencyStore(() => t, { ttlMs: 1000 });
    store.admit('t', 'slow', 'A');
    t = 5000;
    store.admit('t', 'other', 'A');
    expect(store.inFlightKeys()).toEqual(['slow', 'other']);
    expect(store.admit('t', 'slow', 'A')).toEqual({ kind: 'in_flight' });
  });

  it('keeps at most maxEntries keys, the oldest finished one out first, never one in flight', () => {
    const store = createIdempotencyStore(() => 0, { maxEntries: 3 });
    store.admit('t', 'running', 'A');
    for (const key of ['a', 'b', 'c', 'd']) {
      store.admit('t', key, 'A');
      store.complete('t', key, { status: 201, body: {} });
      store.countCreate('t', key);
    }
    // 'running' is the oldest but still in flight; 'a' and 'b' made room for 'c' and 'd'.
    expect(store.size()).toBe(3);
    expect(store.inFlightKeys()).toEqual(['running']);
    expect(store.admit('t', 'running', 'A')).toEqual({ kind: 'in_flight' });
    expect(store.admit('t', 'd', 'A')).toMatchObject({ kind: 'replay' });
    expect(Object.keys(store.createsByKey())).toEqual(['b', 'c', 'd']);
    expect(store.admit('t', 'a', 'B')).toEqual({ kind: 'new' });
  });

  it('shows a scope only its own keys', () => {
    const store = createIdempotencyStore(() => 0);
    store.admit('alice', 'a-key', 'A');
    store.admit('bob', 'b-key', 'A');
    store.complete('bob', 'b-key', { status: 201, body: {} });
    store.countCreate('bob', 'b-key');
    expect(store.inFlightKeys('bob')).toEqual([]);
    expect(store.inFlightKeys('alice')).toEqual(['a-key']);
    expect(store.createsByKey('alice')).toEqual({});
    expect(store.createsByKey('bob')).toEqual({ 'b-key': 1 });
  });

  it('refuses a bound that would keep nothing', () => {
    expect(() => createIdempotencyStore(() => 0, { maxEntries: 0 })).toThrow(RangeError);
  });
});
