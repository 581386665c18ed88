import { blankOf, freezeEntity } from './freeze';
import { findVersion, type HistoryCache, putVersion } from './historyCache';
import { isDev } from './isDev';
import { observeKey, observeListeners } from './observe';
import { sameContent } from './sameContent';
import { readSnapshot } from './snapshot';
import { compareTasks } from './taskOrder';
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
  readonly order: EntityOrder | undefined;
  /** Makes the stored objects of this type (see blankOf). */
  readonly blank: ReturnType<typeof blankOf>;
  readonly listeners: Map<string, Set<Listener>>;
  readonly history: HistoryCache;
}

// Marks a removed key. Never leaves the store: get, dehydrate and the changes stream all filter it out.
const TOMBSTONE: Entity = {};

/** The version of an entity of a version-ordered type; anything else is a bug upstream of the store. */
function checkedVersion(type: string, id: string, entity: unknown): number {
  // Primitives and null have no `version` either, so this also rejects anything that is not an object.
  const version = (entity as Versioned | null)?.version as number;
  if (Number.isInteger(version) && version >= 1) return version;
  throw new TypeError(`${type} ${id}: version must be an integer >= 1`);
}

/** Creates the versioned entity store: the one place where state changes. */
export function createEntityStore(options: EntityStoreOptions = {}): EntityStore {
  // 0 or less keeps no history: the cache refuses every version once it holds `historySize` of them.
  const historySize = options.historySize ?? 20;
  const keepSuperseded = options.keepSuperseded ?? false;
  const orders = new Map<string, EntityOrder>([
    ['task', compareTasks],
    ...Object.entries(options.order ?? {}),
  ]);
  const dev = isDev();
  const tables = new Map<string, Table>();
  const changeListeners = new Set<(change: StoreChange) => void>();
  let batchDepth = 0;
  let pending: Set<Set<Listener>> | undefined;

  function table(type: string): Table {
    let found = tables.get(type);
    if (found === undefined) {
      found = {
        entities: new Map(),
        order: orders.get(type),
        blank: blankOf(),
        listeners: new Map(),
        history: new Map(),
      };
      tables.set(type, found);
    }
    return found;
  }

  // Allocates only when someone subscribed to `changes`, so refused writes allocate nothing otherwise.
  function emit(
    type: string,
    id: string,
    origin: Origin,
    outcome: StoreChange['outcome'],
    entity: Entity | undefined,
    held: Entity | undefined,
    historical = false,
  ): void {
    if (changeListeners.size === 0) return;
    // TOMBSTONE and unversioned types have no `version`, so both read as undefined.
    const change: StoreChange = {
      type,
      id,
      origin,
      outcome,
      version: (entity as Versioned | undefined)?.version,
      heldVersion: (held as Versioned | undefined)?.version,
      entity,
      historical,
    };
    for (const listener of changeListeners) listener(change);
  }

  function notify(found: Table, id: string): void {
    const listeners = found.listeners.get(id);
    if (listeners === undefined) return;
    pending ??= new Set();
    pending.add(listeners);
    if (batchDepth === 0) flush();
  }

  /**
   * Calls every queued listener set once. Each listener is isolated: what it throws is collected and
   * surfaces, after all were called, as one AggregateError (after any `errors` already passed in).
   */
  function flush(errors: unknown[] = []): void {
    const known = errors.length;
    const queued = pending;
    pending = undefined;
    if (queued !== undefined) {
      for (const listeners of queued) {
        for (const listener of listeners) {
          try {
            listener();
          } catch (error) {
            errors.push(error);
          }
        }
      }
    }
    if (errors.length > known) throw new AggregateError(errors, 'store listeners threw');
  }

  const store: EntityStore = {
    apply(type, id, entity, origin = 'response') {
      const found = table(type);
      const order = found.order;
      // Custom-ordered types still need an object; checkedVersion throws the TypeError for both cases.
      const version =
        order === undefined || typeof entity !== 'object' || entity === null
          ? checkedVersion(type, id, entity)
          : 0;
      const held = found.entities.get(id);
      let outcome: ApplyOutcome = 'applied';
      if (held === TOMBSTONE) outcome = 'deleted';
      else if (held !== undefined) {
        const newer =
          order === undefined ? version - (held as Versioned).version : order(entity as Entity, held);
        if (newer <= 0) outcome = newer === 0 ? 'duplicate' : 'stale';
      }
      if (outcome !== 'applied') {
        if (dev && outcome === 'duplicate' && order === undefined && !sameContent(entity, held)) {
          console.warn(`[vstore] ${type} ${id} v${version} resent with other content, ignored`);
        }
        emit(type, id, origin, outcome, entity as Entity, held);
        return outcome;
      }
      const stored = freezeEntity(entity as Entity, found.blank);
      found.entities.set(id, stored);
      // The superseded latest joins the history, so getVersion keeps finding versions that were latest.
      // With keepSuperseded false only entities whose history was asked for (applyHistorical) keep them:
      // retained copies outlive the young generation, and that halved write throughput (bench/).
      if (held !== undefined && (keepSuperseded ? order === undefined : found.history.has(id))) {
        putVersion(found.history, id, held as Versioned, historySize);
      }
      emit(type, id, origin, outcome, stored, held);
      notify(found, id);
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
            : putVersion(found.history, id, freezeEntity(entity as Versioned, found.blank), historySize);
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

    observe: (type, id) => observeKey(store, type, id),

    batch<T>(fn: () => T): T {
      batchDepth++;
      let result: T;
      try {
        result = fn();
      } catch (error) {
        // Listeners still run; if they throw too, the AggregateError carries `error` first.
        if (--batchDepth === 0) flush([error]);
        throw error;
      }
      if (--batchDepth === 0) flush();
      return result;
    },

    changes: observeListeners(changeListeners),

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
