/** A seeded generator of floats in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: tiny, fast and good enough for fault decisions. Fault injection must replay
 * exactly from a seed, which `Math.random` cannot do.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** True with probability `p`; always draws, so the sequence does not depend on `p`. */
export function chance(random: Random, p: number): boolean {
  return random() < p;
}

/** An integer in [min, max]. */
export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
