import type { Observable } from 'rxjs';

/** A stored entity: a frozen plain object. */
export type Entity = Readonly<Record<string, unknown>>;

/** An entity ordered by its integer `version` (>= 1). */
export type Versioned = Entity & { readonly version: number };

/**
 * Where a write came from. The named ones are those the library itself uses; any other string is
 * allowed so applications can label their own sources (the `(string & {})` keeps autocompletion).
 */
export type Origin =
  | 'response'
  | 'history'
  | 'event'
  | 'hydrate'
  | 'optimistic'
  | 'broadcast'
  | 'persisted'
  | (string & {});

/**
 * What the store did with a write: `applied` (newer, now the latest), `duplicate` (the same state
 * it holds), `stale` (older than what it holds; refused) or `deleted` (the key is tombstoned; refused).
 */
export type ApplyOutcome = 'applied' | 'duplicate' | 'stale' | 'deleted';

/**
 * Orders two entities of one type: > 0 when `incoming` is newer than `held`, 0 when it is the
 * same state, < 0 when it is older. Must be a pure function of its arguments.
 */
export type EntityOrder = (incoming: Entity, held: Entity) => number;

/** One write seen by the store, accepted or refused (the devtools timeline). */
export interface StoreChange {
  readonly type: string;
  readonly id: string;
  readonly origin: Origin;
  /** For refused writes this is the reason: `duplicate`, `stale` or `deleted`. */
  readonly outcome: ApplyOutcome | 'removed';
  /** The incoming entity's version (undefined for unversioned types and for `removed`). */
  readonly version: number | undefined;
  /** The version held before this write, if any. */
  readonly heldVersion: number | undefined;
  /** The latest state held before this write, if any (for `applied` and `removed`: the one replaced). */
  readonly previous: Entity | undefined;
  /** The stored object when applied, otherwise the refused input as given. */
  readonly entity: Entity | undefined;
  /** True for writes to the historical cache (`applyHistorical`), which never touch the latest state. */
  readonly historical: boolean;
}

/** JSON-serialisable store contents. Arrays, not keyed objects, so ids can never become object keys. */
export interface StoreSnapshot {
  readonly format: 1;
  readonly entities: ReadonlyArray<readonly [type: string, id: string, entity: Entity]>;
  readonly removed: ReadonlyArray<readonly [type: string, id: string]>;
}

/** How many entries of a hydrated snapshot ended in each outcome (`removed`: tombstones taken over). */
export type HydrateResult = Record<ApplyOutcome | 'removed', number>;

/** Options of `createEntityStore`: how much history to keep and how unversioned types are ordered. */
export interface EntityStoreOptions {
  /**
   * Historical versions kept per entity for `getVersion`, besides the latest (`applyHistorical` and,
   * see `keepSuperseded`, versions that were latest). 0 disables the cache.
   * @default 20
   */
  historySize?: number;
  /**
   * Whether a superseded latest version joins the history of its entity. Off by default: keeping old
   * copies about halves write speed (they live long enough to be promoted by the GC) and a hot entity
   * would hold `historySize` of them (bench/RESULTS.md). Entities whose history was asked for
   * (`applyHistorical`) keep their superseded versions either way.
   * @default false
   */
  keepSuperseded?: boolean;
  /**
   * Custom ordering per type, for types without a `version`, besides the built-in `task` order
   * (`compareTasks`: by status). Types not listed are ordered by `version`.
   * @default { task: compareTasks }
   */
  order?: Readonly<Record<string, EntityOrder>>;
}

/**
 * The versioned entity store under a client: one latest state per `type`/`id`, accepted only when
 * newer than the one held (the version gate), plus a bounded cache of historical versions. Reads
 * return the same frozen object until it changes, so UI bindings can compare by identity.
 */
export interface EntityStore {
  /**
   * Offers `entity` as the latest state of `type`/`id`; stores it only if it is newer.
   *
   * Takes ownership of `entity`: once accepted it is deep-frozen in place and stored as is, with no
   * copy (as immer's autoFreeze and Redux Toolkit do). Hand over a plain data object nobody will
   * mutate afterwards, e.g. a freshly parsed response; keep a copy if you need a mutable one. Only an
   * entity carrying a `__proto__`, `constructor` or `prototype` key at any depth, or one that is not a
   * plain object, is stored as a sanitized frozen copy instead. A cyclic object, or one nested
   * thousands of levels deep, throws the engine's RangeError and is not stored.
   */
  apply(type: string, id: string, entity: object, origin?: Origin): ApplyOutcome;
  /** Caches a historical version for `getVersion`; never changes the latest state or notifies. Takes ownership of `entity` as `apply` does. */
  applyHistorical(type: string, id: string, entity: object, origin?: Origin): ApplyOutcome;
  /** The latest accepted state: the same object until it changes. */
  get<T extends object = Entity>(type: string, id: string): T | undefined;
  /** A cached historical version (the latest included), if held. */
  getVersion<T extends object = Entity>(type: string, id: string, version: number): T | undefined;
  /** Tombstones the key: later applies return 'deleted'; subscribers are notified once. */
  remove(type: string, id: string, origin?: Origin): void;
  /** Whether the key is tombstoned by `remove` (every later write to it is refused). */
  isRemoved(type: string, id: string): boolean;
  /** useSyncExternalStore-compatible; the listener reads `get` for the new value. */
  subscribe(type: string, id: string, listener: () => void): () => void;
  /** Current value first, then each accepted change; completes after `remove`. */
  observe<T extends object = Entity>(type: string, id: string): Observable<T | undefined>;
  /**
   * Orders `type` by `order` from now on, in place of `version` (resources without versions, such
   * as one defined with `versioned: false`).
   */
  setOrder(type: string, order: EntityOrder): void;
  /**
   * Calls `listener` once per notification round in which any entity of `type` changed (applied or
   * removed): after each such write outside a batch, once at the end of a batch, with the key
   * listeners. Which keys changed is for the listener to find (`accepted` tells them as they happen).
   * Returns the unsubscribe.
   */
  subscribeType(type: string, listener: () => void): () => void;
  /** Runs `fn`, notifying each changed key once at the end (nested batches flush at the outermost). */
  batch<T>(fn: () => T): T;
  /** Every write, accepted or refused, as it happens (the devtools timeline). */
  readonly changes: Observable<StoreChange>;
  /**
   * Only the writes that changed a latest state (`applied` by `apply`, and `removed`), as they happen.
   * Subscribing here rather than to `changes` keeps refused writes free: they build no change record.
   */
  readonly accepted: Observable<StoreChange>;
  /**
   * The latest states and tombstones as JSON-serialisable data, for `hydrate` in another store (server
   * rendering, tests). The historical cache is not included.
   */
  dehydrate(): StoreSnapshot;
  /**
   * Passes every entry of an (untrusted) snapshot through the same gate as `apply`, taking ownership of
   * its entities. All entries are checked first: a malformed snapshot throws a TypeError and changes nothing.
   */
  hydrate(snapshot: unknown): HydrateResult;
}
