/** A seeded generator of floats in [0, 1), with the helpers the soak plan needs. */
export interface SeededRandom {
  (): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * mulberry32, the same generator the service uses for its fault decisions. The soak's plan must
 * come out the same for the same seed, which `Math.random` cannot give.
 */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (() => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as SeededRandom;
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  next.pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  };
  return next;
}
