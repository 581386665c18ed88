import { describe, expect, it } from 'vitest';
import { between, chance, createRandom } from '../random';

describe('createRandom', () => {
  it('replays the same sequence from the same seed', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const first = Array.from({ length: 50 }, a);
    expect(Array.from({ length: 50 }, b)).toEqual(first);
    expect(Array.from({ length: 50 }, createRandom(43))).not.toEqual(first);
  });

  it('stays in [0, 1) and spreads values', () => {
    const random = createRandom(1);
    const values = Array.from({ length: 10_000 }, random);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it('draws between() within inclusive bounds and chance() at about its rate', () => {
    const random = createRandom(9);
    const ints = Array.from({ length: 2000 }, () => between(random, 3, 5));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5]));
    const hits = Array.from({ length: 10_000 }, () => chance(random, 0.2)).filter(Boolean).length;
    expect(hits).toBeGreaterThan(1800);
    expect(hits).toBeLessThan(2200);
    expect(Array.from({ length: 100 }, () => chance(random, 0)).some(Boolean)).toBe(false);
  });
});
