/** A fixed-capacity log: once full, each push drops the oldest item, so memory stays bounded. */
export interface RingBuffer<T> {
  readonly capacity: number;
  readonly size: number;
  /** Items pushed since creation or the last `clear`, including those already dropped. */
  readonly total: number;
  push(item: T): void;
  /** Oldest first. */
  toArray(): T[];
  clear(): void;
}

export function createRingBuffer<T>(capacity: number): RingBuffer<T> {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new RangeError(`capacity must be an integer >= 1, got ${String(capacity)}`);
  }
  let items: (T | undefined)[] = new Array(capacity);
  // Index of the slot the next push writes; once full it is also the oldest item.
  let next = 0;
  let size = 0;
  let total = 0;
  return {
    capacity,
    get size() {
      return size;
    },
    get total() {
      return total;
    },
    push(item) {
      items[next] = item;
      next = (next + 1) % capacity;
      if (size < capacity) size++;
      total++;
    },
    toArray() {
      const out: T[] = [];
      const start = size < capacity ? 0 : next;
      for (let i = 0; i < size; i++) out.push(items[(start + i) % capacity] as T);
      return out;
    },
    clear() {
      // A new array rather than a fill: the dropped items become collectable at once.
      items = new Array(capacity);
      next = 0;
      size = 0;
      total = 0;
    },
  };
}
