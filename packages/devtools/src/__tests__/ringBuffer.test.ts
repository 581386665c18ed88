import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRingBuffer } from '../ringBuffer';

describe('createRingBuffer', () => {
  it('keeps items oldest first until full', () => {
    const ring = createRingBuffer<number>(3);
    ring.push(1);
    ring.push(2);
    expect(ring.toArray()).toEqual([1, 2]);
    expect(ring.size).toBe(2);
  });

  it('drops the oldest item once full', () => {
    const ring = createRingBuffer<number>(3);
    for (const n of [1, 2, 3, 4, 5]) ring.push(n);
    expect(ring.toArray()).toEqual([3, 4, 5]);
    expect(ring.size).toBe(3);
    expect(ring.total).toBe(5);
  });

  it('clear empties it and resets the total', () => {
    const ring = createRingBuffer<number>(2);
    ring.push(1);
    ring.clear();
    expect(ring.toArray()).toEqual([]);
    expect(ring.total).toBe(0);
    ring.push(7);
    expect(ring.toArray()).toEqual([7]);
  });

  it('rejects a capacity that is not a positive integer', () => {
    expect(() => createRingBuffer(0)).toThrow(RangeError);
    expect(() => createRingBuffer(1.5)).toThrow(RangeError);
  });

  it('always holds the last min(n, capacity) items pushed, in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer(), { maxLength: 100 }),
        (capacity, items) => {
          const ring = createRingBuffer<number>(capacity);
          for (const item of items) ring.push(item);
          expect(ring.toArray()).toEqual(items.slice(Math.max(0, items.length - capacity)));
          expect(ring.size).toBeLessThanOrEqual(capacity);
        },
      ),
      { numRuns: 500 },
    );
  });
});
