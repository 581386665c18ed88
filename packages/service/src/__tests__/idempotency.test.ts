import { describe, expect, it } from 'vitest';
import { createIdempotencyStore } from '../idempotency';

describe('createIdempotencyStore', () => {
  it('admits once, reports in-flight, replays the stored result and refuses another body', () => {
    const store = createIdempotencyStore(() => 0, 1000);
    expect(store.admit('t', 'k', 'A')).toEqual({ kind: 'new' });
    expect(store.admit('t', 'k', 'A')).toEqual({ kind: 'in_flight' });
    expect(store.admit('t', 'k', 'B')).toEqual({ kind: 'different_body' });
    store.complete('t', 'k', { status: 201, body: { id: 1 } });
    expect(store.admit('t', 'k', 'A')).toEqual({ kind: 'replay', result: { status: 201, body: { id: 1 } } });
    expect(store.inFlightKeys()).toEqual([]);
  });

  it('forgets a finished key after the TTL, and a released key at once', () => {
    let t = 0;
    const store = createIdempotencyStore(() => t, 1000);
    store.admit('t', 'k', 'A');
    store.complete('t', 'k', { status: 201, body: {} });
    t = 1000;
    expect(store.admit('t', 'k', 'B')).toEqual({ kind: 'new' });
    store.release('t', 'k');
    expect(store.size()).toBe(0);
  });
});
