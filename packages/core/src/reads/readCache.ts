import type { ReadLedger } from '../resources/resourceContext';
import { callEach } from '../store/callEach';
import { entityKey } from '../store/entityKey';
import { type EntryHost, ReadEntry } from './readEntry';
import { readKey } from './readKey';
import type { ReadAction } from './readState';

/** Options of a client's read cache: how many idle entries to keep, and the clock. */
export interface ReadCacheOptions {
  /**
   * Entries kept in all before idle ones go, least recently used first; an entry nobody observes
   * and nothing reads is idle. Busy entries are never dropped, however many there are.
   * @default 1000
   */
  maxEntries?: number;
  /** @default Date.now */
  now?: () => number;
}

/**
 * Every read of one client, one `ReadEntry` per key, made on first use. Hold an entry only while it is
 * busy (retained, listened to, or in flight): an idle one may be dropped, and the next `entry(key)`
 * makes a new one. Kept within `maxEntries`
 * without scanning: idle entries wait in a least-recently-used order, and only they are dropped, so
 * a read costs the same at 10 keys or 100,000. Also the ledger the client's resource operations
 * report to (see `ReadLedger`).
 */
export interface ReadCache {
  /** The entry of `key`, made if there is none. */
  entry(key: string): ReadEntry;
  /** The entry of `key`, if there is one. */
  peek(key: string): ReadEntry | undefined;
  /** Every entry, oldest first. */
  entries(): IterableIterator<ReadEntry>;
  /** Entries held now. */
  readonly size: number;
  /** Reads in flight now, across keys. */
  readonly fetching: number;
  readonly ledger: ReadLedger;
  /**
   * Whether `type`/`id` was created lately (by this client, or a `*.created` event): every list it
   * matches takes it in at the end rather than read its pages again. The last 1,000 are remembered.
   */
  wasCreated(type: string, id: string): boolean;
  now(): number;
  /** Calls `listener` after every change of any entry's state, with the action that made it (tools). */
  watch(listener: (entry: ReadEntry, action: ReadAction) => void): () => void;
}

// One sequence for every client: the numbers recorded for a key must grow with start time whichever
// client or definition object started the request (a module re-run by hot reload, say).
let started = 0;
// Created keys remembered for lists, the latest this many: a list hears of a create as it is
// applied, so only a recent one matters, and every list that it matches must be able to ask.
const CREATED_KEPT = 1000;

export function createReadCache(options: ReadCacheOptions = {}): ReadCache {
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, ReadEntry>();
  // Idle entries, least recently used first: Map order is insertion order, and a touch re-inserts.
  const idle = new Map<string, ReadEntry>();
  const created = new Set<string>();
  // Resources without versions: the start number of the request whose reply is held, per entity. Kept
  // apart from the read entries, which the cache drops when idle: with the mark gone, a reply to an
  // older request would be admitted over a newer one. One number per such entity, as the store keeps one copy.
  const startOrders = new Map<string, number>();
  let fetching = 0;

  const watchers = new Set<(entry: ReadEntry, action: ReadAction) => void>();
  const host: EntryHost = {
    now,
    dispatched(entry, action) {
      if (watchers.size === 0) return undefined;
      return callEach(
        Array.from(watchers, (watcher) => () => watcher(entry, action)),
        undefined,
      );
    },
    changed(entry) {
      // Counted here rather than per action, so every way a flight ends is counted once.
      if (entry.isFetching !== entry.counted) {
        entry.counted = entry.isFetching;
        fetching += entry.isFetching ? 1 : -1;
      }
      const idleNow = !entry.busy && entries.get(entry.key) === entry;
      // Touched while idle, it moves to the end (most recently used); otherwise only a change is filed.
      if (entry.idle) idle.delete(entry.key);
      entry.idle = idleNow;
      if (!idleNow) return;
      idle.set(entry.key, entry);
      prune();
    },
  };
  // Entries made since the last prune, not yet filed: most are retained or read at once (an
  // observer, a get), and filing each among the idle entries only to take it out again churns the
  // idle Map. Filed, if still idle, before anything is dropped.
  let fresh: ReadEntry[] = [];
  const fileFresh = () => {
    if (fresh.length === 0) return;
    const made = fresh;
    fresh = [];
    for (const entry of made)
      if (!entry.idle && !entry.busy && entries.get(entry.key) === entry) {
        idle.set(entry.key, entry);
        entry.idle = true;
      }
  };
  /** Drops least recently used idle entries until at most `limit` entries are held (or none is idle). */
  const prune = (limit = maxEntries) => {
    fileFresh();
    while (entries.size > limit && idle.size > 0) {
      const [key, dropped] = idle.entries().next().value as [string, ReadEntry];
      idle.delete(key);
      entries.delete(key);
      dropped.idle = false;
    }
  };

  const entry = (key: string): ReadEntry => {
    let found = entries.get(key);
    if (found === undefined) {
      // Room is made before it joins, so a new entry is never the one dropped to make it.
      prune(maxEntries - 1);
      found = new ReadEntry(key, host);
      entries.set(key, found);
      fresh.push(found);
    }
    return found;
  };

  const ledger: ReadLedger = {
    begin: () => ++started,
    admit(type, id, seq) {
      const key = entityKey(type, id);
      if (seq < (startOrders.get(key) ?? 0)) return false;
      startOrders.set(key, seq);
      return true;
    },
    confirm(type, id, knownOnly = false) {
      const key = readKey(type, id, 0);
      (knownOnly ? entries.get(key) : entry(key))?.dispatch({ type: 'confirmed', at: now() });
    },
    created(type, id) {
      const key = entityKey(type, id);
      created.delete(key);
      created.add(key);
      if (created.size > CREATED_KEPT) created.delete(created.values().next().value as string);
    },
  };

  return {
    entry,
    peek: (key) => entries.get(key),
    entries: () => entries.values(),
    get size() {
      return entries.size;
    },
    get fetching() {
      return fetching;
    },
    ledger,
    wasCreated: (type, id) => created.has(entityKey(type, id)),
    now,
    watch(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
  };
}
