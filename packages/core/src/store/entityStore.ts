import { MAX_JSON_DEPTH, nestsDeeperThan } from '../wire/depth';
import { arrivalOrder } from './arrivalOrder';
import { callEach, throwCollected } from './callEach';
import { freezeEntity } from './freeze';
import { findVersion, type HistoryCache, putVersion } from './historyCache';
import { isDev } from './isDev';
import { observeKey, observeListeners } from './observe';
import { sameContent } from './sameContent';
import { readSnapshot } from './snapshot';
import { BUILT_IN_ORDERS } from './taskOrder';
import type {
  ApplyOutcome,
  Entity,
  EntityOrder,
  EntityStore,
  EntityStoreOptions,
  HydrateResult,
  Origin,
  StoreChange,
  StoreSnapshot,
  Versioned,
} from './types';

type Listener = () => void;

/** All state of one entity type; reached with one Map lookup so the hot path builds no `type:id` string. */
interface Table {
  /** Latest entity per id, or TOMBSTONE once removed. */
  readonly entities: Map<string, Entity>;
  /** Custom ordering; undefined means ordered by `version`. */
  order: EntityOrder | undefined;
  readonly listeners: Map<string, Set<Listener>>;
  /** Told once per notification round in which any key of the type changed (`subscribeType`). */
  readonly typeListeners: Set<Listener>;
  readonly history: HistoryCache;
}

// Marks a removed key. Never leaves the store: get, dehydrate and the changes stream all filter it out.
const TOMBSTONE: Entity = {};

/** The version of an entity of a version-ordered type; anything else is a bug upstream of the store. */
function checkedVersion(type: string, id: string, entity: unknown): number {
  // Primitives and null have no `version` either, so this also rejects anything that is not an object.
  const version = (entity as Versioned | null)?.version as number;
  // A safe integer: past 2^53 versions cannot be told apart, and one would outrank every real one.
  if (Number.isSafeInteger(version) && version >= 1) return version;
  throw new TypeError(`${type} ${id}: version must be a safe integer >= 1`);
}

/** Creates the versioned entity store: the one place where state changes. */
export function createEntityStore(options: EntityStoreOptions = {}): EntityStore {
  // 0 or less keeps no history: the cache refuses every version once it holds `historySize` of them.
  const historySize = options.historySize ?? 20;
  // NaN (an unset setting read with Number()) would fail every bound check and keep every version.
  if (!Number.isInteger(historySize))
    throw new TypeError(
      `historySize must be a whole number (0 keeps no history), got ${String(historySize)}`,
    );
  const keepSuperseded = options.keepSuperseded ?? false;
  const orders = new Map<string, EntityOrder>([
    ...Object.entries(BUILT_IN_ORDERS),
    ...Object.entries(options.order ?? {}),
  ]);
  const dev = isDev();
  const tables = new Map<string, Table>();
  const changeListeners = new Set<(change: StoreChange) => void>();
  const acceptedListeners = new Set<(change: StoreChange) => void>();
  let batchDepth = 0;
  // Listener sets to call at the end of the outermost batch; one Set for the store's lifetime.
  const pending = new Set<Set<Listener>>();

  // The table of the last type used: writes come in runs of one type (a poll, a page, a hydrate), and
  // skipping the lookup measured about 8% on the apply path.
  let lastType: string | undefined;
  let lastTable: Table | undefined;

  function table(type: string): Table {
    if (type === lastType) return lastTable as Table;
    let found = tables.get(type);
    if (found === undefined) {
      found = {
        entities: new Map(),
        order: orders.get(type),
        listeners: new Map(),
        typeListeners: new Set(),
        history: new Map(),
      };
      tables.set(type, found);
    }
    lastType = type;
    lastTable = found;
    return found;
  }

  /**
   * Reports a write to `changes` and, when it changed the latest state, to `accepted`. The record is
   * allocated only when someone will receive it: with no `changes` subscriber, refused writes allocate
   * nothing however many `accepted` subscribers there are (cross-tab sync is one).
   */
  function emit(
    type: string,
    id: string,
    origin: Origin,
    outcome: StoreChange['outcome'],
    entity: Entity | undefined,
    held: Entity | undefined,
    historical = false,
  ): void {
    const accepted = !historical && (outcome === 'applied' || outcome === 'removed');
    if (changeListeners.size === 0 && (!accepted || acceptedListeners.size === 0)) return;
    // TOMBSTONE and unversioned types have no `version`, so both read as undefined.
    const change: StoreChange = {
      type,
      id,
      origin,
      outcome,
      version: (entity as Versioned | undefined)?.version,
      heldVersion: (held as Versioned | undefined)?.version,
      previous: held === TOMBSTONE ? undefined : held,
      entity,
      historical,
    };
    for (const listener of changeListeners) listener(change);
    if (accepted) for (const listener of acceptedListeners) listener(change);
  }

  function notify(found: Table, id: string): void {
    const listeners = found.listeners.get(id);
    const forType = found.typeListeners.size > 0;
    if (listeners === undefined && !forType) return;
    if (listeners) pending.add(listeners);
    // One Set for the type: queued once however many of its keys a batch changed.
    if (forType) pending.add(found.typeListeners);
    if (batchDepth === 0) flush();
  }

  /**
   * Calls every queued listener set once, each listener isolated from the others: what they throw
   * surfaces afterwards as one AggregateError, after any `errors` given. A set is taken off the queue
   * before it runs, so a listener that writes again (re-entrant) is flushed by the nested call.
   */
  function flush(errors?: unknown[]): void {
    const known = errors?.length ?? 0;
    for (const listeners of pending) {
      pending.delete(listeners);
      // A copy: on the live Set, one that joins while it is told would be told of this change too, and
      // one that leaves and joins again (a new key followed) would go to the end and loop for ever.
      errors = callEach(Array.from(listeners), undefined, errors);
    }
    throwCollected(errors, 'store listeners threw', known);
  }

  const store: EntityStore = {
    apply(type, id, entity, origin = 'response') {
      const found = table(type);
      const order = found.order;
      // Custom-ordered types still need an object; checkedVersion throws the TypeError for both cases.
      const version = order && entity && typeof entity === 'object' ? 0 : checkedVersion(type, id, entity);
      const held = found.entities.get(id);
      // > 0 newer, 0 the same, < 0 older; NaN for a removed key.
      const newer =
        held === undefined
          ? 1
          : held === TOMBSTONE
            ? NaN
            : order === undefined
              ? version - (held as Versioned).version
              : order === arrivalOrder && (origin === 'persisted' || origin === 'hydrate')
                ? -1
                : order(entity as Entity, held);
      if (newer > 0) {
        const stored = freezeEntity(entity as Entity);
        found.entities.set(id, stored);
        if (held !== undefined && (keepSuperseded ? order === undefined : found.history.has(id))) {
          putVersion(found.history, id, held as Versioned, historySize);
        }
        emit(type, id, origin, 'applied', stored, held);
        notify(found, id);
        return 'applied';
      }
      // A refused write stores and notifies nothing, and allocates nothing unless `changes` has subscribers.
      const outcome = newer === 0 ? 'duplicate' : newer < 0 ? 'stale' : 'deleted';
      if (dev && newer === 0 && order === undefined && !sameContent(entity, held)) {
        console.warn(`[vstore] ${type} ${id} v${version} resent with other content`);
      }
      emit(type, id, origin, outcome, entity as Entity, held);
      return outcome;
    },

    applyHistorical(type, id, entity, origin = 'history') {
      const version = checkedVersion(type, id, entity);
      const found = table(type);
      const held = found.entities.get(id);
      const outcome: ApplyOutcome =
        held === TOMBSTONE
          ? 'deleted'
          : held?.version === version
            ? 'duplicate'
            : putVersion(found.history, id, freezeEntity(entity as Versioned), historySize);
      emit(type, id, origin, outcome, entity as Entity, held, true);
      return outcome;
    },

    get<T extends object = Entity>(type: string, id: string) {
      const entity = tables.get(type)?.entities.get(id);
      return (entity === TOMBSTONE ? undefined : entity) as T | undefined;
    },

    getVersion<T extends object = Entity>(type: string, id: string, version: number) {
      const found = tables.get(type);
      const latest = found?.entities.get(id) as Versioned | undefined;
      // TOMBSTONE has no version, so a removed key falls through to its (emptied) history.
      return (latest?.version === version ? latest : findVersion(found?.history, id, version)) as
        | T
        | undefined;
    },

    remove(type, id, origin = 'response') {
      const found = table(type);
      const held = found.entities.get(id);
      if (held === TOMBSTONE) return;
      found.entities.set(id, TOMBSTONE);
      found.history.delete(id);
      emit(type, id, origin, 'removed', undefined, held);
      notify(found, id);
    },

    isRemoved: (type, id) => tables.get(type)?.entities.get(id) === TOMBSTONE,

    subscribe(type, id, listener) {
      const { listeners } = table(type);
      const forKey = listeners.get(id) ?? new Set<Listener>();
      listeners.set(id, forKey.add(listener));
      return () => {
        forKey.delete(listener);
        if (forKey.size === 0 && listeners.get(id) === forKey) listeners.delete(id);
      };
    },

    subscribeType(type, listener) {
      const { typeListeners } = table(type);
      typeListeners.add(listener);
      return () => {
        typeListeners.delete(listener);
      };
    },

    observe: (type, id) => observeKey(store, type, id),

    setOrder(type, order) {
      orders.set(type, order);
      table(type).order = order;
    },

    batch<T>(fn: () => T): T {
      batchDepth++;
      let failed: unknown[] | undefined;
      try {
        return fn();
      } catch (error) {
        failed = [error];
        throw error;
      } finally {
        // Listeners still run after a throw; if they throw too, the AggregateError carries its error first.
        if (--batchDepth === 0) flush(failed);
      }
    },

    changes: observeListeners(changeListeners),
    accepted: observeListeners(acceptedListeners),

    dehydrate(): StoreSnapshot {
      const entities: [string, string, Entity][] = [];
      const removed: [string, string][] = [];
      for (const [type, found] of tables) {
        for (const [id, entity] of found.entities) {
          if (entity === TOMBSTONE) removed.push([type, id]);
          else entities.push([type, id, entity]);
        }
      }
      return { format: 1, entities, removed };
    },

    hydrate(snapshot): HydrateResult {
      const { entities, removed } = readSnapshot(snapshot);
      // Every entry is checked before any is applied: a bad snapshot throws having changed nothing.
      for (const [type, id, entity] of entities) {
        if (!orders.has(type)) checkedVersion(type, id, entity);
        if (nestsDeeperThan(entity))
          throw new TypeError(`${type} ${id}: nested deeper than ${MAX_JSON_DEPTH} levels`);
      }
      const counts: HydrateResult = { applied: 0, duplicate: 0, stale: 0, deleted: 0, removed: 0 };
      store.batch(() => {
        for (const [type, id, entity] of entities) counts[store.apply(type, id, entity, 'hydrate')]++;
        for (const [type, id] of removed) {
          if (store.isRemoved(type, id)) continue;
          store.remove(type, id, 'hydrate');
          counts.removed++;
        }
      });
      return counts;
    },
  };
  return store;
}
