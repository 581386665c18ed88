import type { ReadContext } from '../reads/readContext';
import type { ReadEntry } from '../reads/readEntry';
import type { StoreChange } from '../store/types';

/** Writes kept for the lists nobody follows; a list that missed more reads its pages again. */
const KEPT = 1024;

/** What a list missed while nobody followed it: each id with the store's copy before, or `lost`. */
export type MissedWrites = ReadonlyMap<string, object | undefined> | 'lost';

/**
 * The writes a cached list misses while nobody follows it (a route left and come back to within
 * `maxAgeMs`: a create of this client's that joins it, an entity that starts to match), so its next
 * follower catches up on them as if it had followed all along. One per client, started by its first
 * list follower; it keeps the last 1,024 accepted writes, and a list that missed more is read again.
 */
export interface ListWriteLog {
  /** A follower of `entry` starts; the first after none returns what the entry missed since the last left. */
  follow(entry: ReadEntry, type: string): MissedWrites | undefined;
  /** A follower of `entry` stops. */
  leave(entry: ReadEntry): void;
}

const logs = new WeakMap<object, ListWriteLog>();

export function listWriteLog(ctx: ReadContext): ListWriteLog {
  let log = logs.get(ctx.store);
  if (!log) {
    log = createListWriteLog(ctx);
    logs.set(ctx.store, log);
  }
  return log;
}

function createListWriteLog({ store }: ReadContext): ListWriteLog {
  const ring: StoreChange[] = [];
  let seen = 0;
  const followers = new Map<ReadEntry, number>();
  const leftAt = new WeakMap<ReadEntry, number>();
  store.accepted.subscribe((change) => {
    if (change.historical) return;
    ring[seen % KEPT] = change;
    seen += 1;
  });
  return {
    follow(entry, type) {
      const count = followers.get(entry) ?? 0;
      followers.set(entry, count + 1);
      const since = count === 0 ? leftAt.get(entry) : undefined;
      if (since === undefined) return undefined;
      leftAt.delete(entry);
      if (seen - since > KEPT) return 'lost';
      const missed = new Map<string, object | undefined>();
      for (let at = since; at < seen; at++) {
        const change = ring[at % KEPT] as StoreChange;
        if (change.type === type && !missed.has(change.id)) missed.set(change.id, change.previous);
      }
      return missed;
    },
    leave(entry) {
      const count = (followers.get(entry) ?? 1) - 1;
      if (count > 0) followers.set(entry, count);
      else {
        followers.delete(entry);
        leftAt.set(entry, seen);
      }
    },
  };
}
