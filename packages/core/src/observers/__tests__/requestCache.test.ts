import { describe, expect, it } from 'vitest';
import { createRequestCache, readKey } from '../requestCache';

describe('createRequestCache', () => {
  it('is bounded: past maxEntries the oldest unread entries go, never one still read or in flight', async () => {
    const cache = createRequestCache({ maxEntries: 3 });
    const release = cache.retain('kept');
    cache.set('kept', { confirmedAt: 1 });
    let finish = () => {};
    void cache.run('flying', () => new Promise<void>((resolve) => (finish = resolve)));
    cache.set('flying', { confirmedAt: 2 });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, { confirmedAt: 3 });
    expect([...cache.entries()].map(([key]) => key)).toEqual(['kept', 'flying', 'd']);
    release();
    finish();
    await Promise.resolve();
    cache.set('e', { confirmedAt: 4 });
    expect(cache.get('kept')).toBeUndefined();
    expect([...cache.entries()]).toHaveLength(3);
  });

  it('keeps plain data a snapshot can copy, keyed by type, id and read', () => {
    const cache = createRequestCache();
    cache.set(readKey('spend_control', 'sc_1', 0), { confirmedAt: 5 });
    cache.set(readKey('spend_control', 'sc_1', 'history'), { result: [], resultAt: 2 });
    expect(JSON.parse(JSON.stringify([...cache.entries()]))).toEqual([
      ['spend_control\u0000sc_1\u00000', { confirmedAt: 5 }],
      ['spend_control\u0000sc_1\u0000history', { result: [], resultAt: 2 }],
    ]);
  });
});
