/** The demo domain's spend control: 10 fields, one nested object, as the service sends it. */
export interface SpendControlFixture {
  spend_control_id: string;
  version: number;
  version_time: string;
  name: string;
  status: string;
  limit: { amount: number; currency: string };
  interval: string;
  account_id: string;
  created_at: string;
  description: string;
}

/** xorshift32: a fixed seed gives every target the very same op stream. */
export function random(seed: number): () => number {
  let state = seed | 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export const ids = (count: number): string[] => Array.from({ length: count }, (_, i) => `sc_${i}`);

/**
 * A spend control as a response would carry it. `id` and `name` are passed in so a caller can choose
 * between fresh strings (memory figures, as JSON.parse makes them) and shared ones (op streams, where
 * only the objects matter).
 */
export function spendControl(id: string, index: number, version: number, name: string): SpendControlFixture {
  return {
    spend_control_id: id,
    version,
    version_time: '2025-06-01T12:00:00.000Z',
    name,
    status: index % 7 === 0 ? 'paused' : 'active',
    limit: { amount: 1000 + (index % 500), currency: 'EUR' },
    interval: 'monthly',
    account_id: index % 2 === 0 ? 'acc_1' : 'acc_2',
    created_at: '2025-01-01T00:00:00.000Z',
    description: 'Team budget',
  };
}

/**
 * `size` versioned upserts over `count` entities that all start at version 2: each op picks an
 * entity at random and is, with even odds, newer (held + 1) or stale (held - 1). Every target
 * replays the same prefix of this stream, so their outcomes are identical.
 */
export function upsertStream(keys: readonly string[], size: number, seed = 7): SpendControlFixture[] {
  const next = random(seed);
  const held = new Int32Array(keys.length).fill(2);
  const ops: SpendControlFixture[] = new Array(size);
  for (let k = 0; k < size; k++) {
    const i = Math.floor(next() * keys.length);
    const version = next() < 0.5 ? ++held[i]! : held[i]! - 1;
    ops[k] = spendControl(keys[i]!, i, version, `Control ${i}`);
  }
  return ops;
}

/**
 * A fresh copy of the first `count` ops of a stream: same contents, new objects of the same shape.
 * Each target replays its own copy, as each would receive fresh objects from a parser: the store
 * freezes what it accepts, and a frozen op would change the hidden class another target reads.
 */
export const copyStream = (ops: readonly SpendControlFixture[], count: number): SpendControlFixture[] =>
  ops.slice(0, count).map((op) => {
    const index = Number(op.spend_control_id.slice(3));
    // A fresh name per op, laid out beside its object as JSON.parse would (as upsertStream does).
    return spendControl(op.spend_control_id, index, op.version, `Control ${index}`);
  });

/** One page of a list as the service sends it: `size` items from `from`, with a cursor while more follow. */
export function listPage(items: readonly unknown[], from: number, size: number): string {
  const data = items.slice(from, from + size);
  return JSON.stringify(from + size < items.length ? { data, next_cursor: String(from + size) } : { data });
}
