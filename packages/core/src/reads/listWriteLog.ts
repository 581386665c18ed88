import type { StoreChange } from '../store/types';
import type { ReadContext } from './readContext';
import type { ReadEntry } from './readEntry';

/** Writes kept for the lists nobody follows; a list that missed more reads its pages again. */
const KEPT = 1024;
const LIST = '\u0000list';

/** Writes to one id a list missed: what the store held before the first, and where the last came from. */
export interface MissedWrite {
  readonly previous: object | undefined;
  readonly origin: StoreChange['origin'];
}

/**
 * Notes one more write of `id` in `writes`: what the store held before the first write stands, and the
 * origin is the last one's (where the entity now comes from).
 */
export function noteWrite(
  writes: Map<string, MissedWrite>,
  id: string,
  previous: object | undefined,
  origin: StoreChange['origin'],
): void {
  const first = writes.get(id);
  writes.set(id, { previous: first ? first.previous : previous, origin });
}

/** What a list missed while nobody followed it, by id; `lost` when it cannot be told (read again). */
export type MissedWrites = ReadonlyMap<string, MissedWrite> | 'lost';

/**
 * The writes a cached list misses while nobody follows it (a route left and come back to within
 * `maxAgeMs`, a list loaded for a render to come: a create of this client's that joins it, an entity
 * that starts to match), so its next follower catches up on them as if it had followed all along.
 * One per client, started by its first list read; it keeps the last 1,024 accepted writes. A list
 * that missed more, or that left owing a read of its pages (asked for by a write, abandoned when its
 * last follower left), is read again.
 */
export interface ListWriteLog {
  /** A follower of `entry` starts; the first after none returns what the entry missed since it was current. */
  follow(entry: ReadEntry, type: string): MissedWrites | undefined;
  /** A follower of `entry` stops. */
  leave(entry: ReadEntry): void;
  /** The list's pages must be read again (a write asked); a read of the whole list clears it. */
  owe(entry: ReadEntry): void;
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

function createListWriteLog({ store, reads }: ReadContext): ListWriteLog {
  // The last KEPT writes, field by field: the change records themselves die young (a page of a hundred
  // items kept as records measured ten points off the ingest bench), what is kept here lives anyway.
  const types: string[] = [];
  const ids: string[] = [];
  const previous: (object | undefined)[] = [];
  const origins: StoreChange['origin'][] = [];
  let seen = 0;
  const followers = new Map<ReadEntry, number>();
  // Since when each list nobody follows may have missed writes; and lists that owe a read of their pages.
  const since = new WeakMap<ReadEntry, number>();
  const owed = new WeakSet<ReadEntry>();
  store.accepted.subscribe((change) => {
    if (change.historical) return;
    const at = seen % KEPT;
    types[at] = change.type;
    ids[at] = change.id;
    previous[at] = change.previous;
    origins[at] = change.origin;
    seen += 1;
  });
  reads.watch((entry, action) => {
    if (!entry.key.endsWith(LIST)) return;
    if (action.type === 'paged' && !action.append) owed.delete(entry);
    // Pages that land (or are restored) while nobody follows: from here on, the next follower catches
    // up. The earliest such moment stands, as a page read that began before a write may predate it.
    if ((action.type === 'paged' || action.type === 'restored') && !followers.has(entry) && !since.has(entry))
      since.set(entry, seen);
  });
  return {
    follow(entry, type) {
      const count = followers.get(entry) ?? 0;
      followers.set(entry, count + 1);
      if (count > 0) return undefined;
      const from = since.get(entry);
      since.delete(entry);
      if (owed.has(entry)) return 'lost';
      if (from === undefined) return undefined;
      if (seen - from > KEPT) return 'lost';
      const missed = new Map<string, MissedWrite>();
      for (let n = from; n < seen; n++) {
        const at = n % KEPT;
        if (types[at] === type) noteWrite(missed, ids[at] as string, previous[at], origins[at] as string);
      }
      return missed;
    },
    leave(entry) {
      const count = (followers.get(entry) ?? 1) - 1;
      if (count > 0) followers.set(entry, count);
      else {
        followers.delete(entry);
        since.set(entry, seen);
      }
    },
    owe(entry) {
      owed.add(entry);
    },
  };
}
