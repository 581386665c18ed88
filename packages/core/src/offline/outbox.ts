import type { LockManagerLike } from '../crossTab/channelLocks';
import type { ChannelConstructor } from '../crossTab/crossTab';
import type { Task } from '../wire/task';
import type { OutboxEntry } from './outboxEntry';
import type { OutboxStorage } from './outboxStorage';

/** What `createOutbox` takes: where entries are kept, and how conflicts, retries and tabs go. */
export interface OutboxOptions {
  /** Where entries are kept across reloads: `indexedDbStorage(name)` in a browser, `memoryStorage()` in tests. */
  storage: OutboxStorage;
  /**
   * When another writer changed a field an update also changes: `'abort'` holds the entry as a
   * `conflict` for a person to resolve; `'rebase'` sends it over theirs. @default 'abort'
   */
  onConflict?: 'abort' | 'rebase';
  /** Waits between sends that did not land (offline, 5xx, 429), growing from the first to the cap. @default { baseDelayMs: 1000, maxDelayMs: 30000 } */
  backoff?: { baseDelayMs?: number; maxDelayMs?: number };
  /**
   * Resource clients whose entries an earlier page may have left (`client.resource(invoices)`); the
   * built-ins and every resource this outbox writes are known anyway.
   */
  resources?: readonly object[];
  /** Who sends when several tabs share the storage. `false`: this outbox always sends. @default Web Locks */
  locks?: LockManagerLike | false;
  /** Tells other tabs of changes. `false`: none. @default globalThis.BroadcastChannel */
  BroadcastChannel?: ChannelConstructor | false;
  /** Tabs with the same name share one sender and see each other's entries. @default 'default' */
  name?: string;
  /** Whether the page is online. @default navigator.onLine, true where there is none */
  isOnline?: () => boolean;
  /** Source of jitter in [0, 1). @default Math.random */
  random?: () => number;
  /**
   * A write that was on its way when the page went away may still reach the service: after a reload
   * it is looked at again only this long after, so a late landing is seen rather than made twice.
   * @default 2000
   */
  landingGraceMs?: number;
}

/** Writes that survive a bad network and a reload, each landing exactly once; see `createOutbox`. */
export interface Outbox {
  /** Resolves once what an earlier page left is restored (and, in the sending tab, on its way). */
  readonly ready: Promise<void>;
  /** Stores a create with its `Idempotency-Key` before the first send; resolves with the created entity. */
  create<T extends object>(resource: OutboxResource<T>, input: unknown): Promise<T>;
  /** Stores an update with its base (the state the view shows); resolves with the entity once it landed. */
  update<T extends object>(
    resource: OutboxResource<T>,
    id: string,
    patch: Readonly<Record<string, unknown>>,
  ): Promise<T>;
  /**
   * What an update of entity `id` made now would keep as its base: the view (the held version with
   * the entity's pending changes) with its updates still being stored over it. `observeUpdate`'s
   * `edit` runs its recipe over this, in the same step as the update, so nothing lands in between.
   */
  baseOf(type: string, id: string): Readonly<Record<string, unknown>> | undefined;
  /** Stores a deletion (the account client's); resolves once the task that runs it completed and the entity is removed. */
  delete(resource: OutboxResource<object> & { delete(id: string): Promise<Task> }, id: string): Promise<void>;
  /** Every entry, oldest first; a new array on every change. */
  readonly entries: readonly OutboxEntry[];
  subscribe(listener: () => void): () => void;
  /** A conflict: `'mine'` sends the change over theirs (the promise follows that send), `'theirs'` drops it. */
  resolve(entryId: string, choice: 'mine' | 'theirs'): Promise<void>;
  /** Drops an entry: its promise rejects with an `AbortError`, and nothing more is sent for it. */
  discard(entryId: string): Promise<void>;
  /** Stops sending and lets go of storage, lock and channel (a page that closes); entries stay stored. */
  close(): Promise<void>;
}

/** What the outbox writes to: a resource client (`client.spendControls`, `client.resource(def)`). */
export interface OutboxResource<T extends object> {
  readonly definition: { readonly type: string; readonly updatable: readonly string[] };
  /** Typed by the resource; unused by the outbox, which sends through the client's operations. */
  get?(id: string): Promise<T>;
}
