import {
  configureStore,
  createEntityAdapter,
  createSlice,
  original,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { QueryClient } from '@tanstack/query-core';
// The store as users get it, the built package (`pnpm bench` builds first).
import { createEntityStore, type EntityStoreOptions } from '@vstore/core';
// Not exported: the raw Map baseline freezes what it keeps as the store does, with the store's own code.
import { freezeEntity } from '../packages/core/src/store/freeze';
import { type SpendControlFixture, spendControl } from './fixtures';

/**
 * One way to hold versioned entities. Each target owns its loop (`run`), so no call site is shared
 * between targets and none of them pays for another's type feedback.
 */
export interface UpsertTarget {
  /** Loads one entity per key, at version 2. */
  fill(keys: readonly string[]): void;
  /** Offers ops[from..to) as versioned upserts: newer replaces, stale is ignored. */
  run(ops: readonly SpendControlFixture[], from: number, to: number): void;
  /** Releases what the target holds (TanStack would otherwise keep 1M queries alive). */
  dispose(): void;
}

export interface TargetFactory {
  label: string;
  create(): UpsertTarget;
}

const TYPE = 'spend_control';

export const rawMap: TargetFactory = {
  label: 'raw Map get + compare + set',
  create() {
    let map = new Map<string, SpendControlFixture>();
    return {
      fill(keys) {
        for (let i = 0; i < keys.length; i++) map.set(keys[i]!, spendControl(keys[i]!, i, 2, `Control ${i}`));
      },
      run(ops, from, to) {
        for (let k = from; k < to; k++) {
          const op = ops[k]!;
          const held = map.get(op.spend_control_id);
          if (held === undefined || op.version > held.version) map.set(op.spend_control_id, op);
        }
      },
      dispose() {
        map = new Map();
      },
    };
  },
};

const storeTarget = (label: string, options: EntityStoreOptions): TargetFactory => ({
  label,
  create() {
    let store = createEntityStore(options);
    return {
      fill(keys) {
        for (let i = 0; i < keys.length; i++)
          store.apply(TYPE, keys[i]!, spendControl(keys[i]!, i, 2, `Control ${i}`));
      },
      run(ops, from, to) {
        for (let k = from; k < to; k++) {
          const op = ops[k]!;
          store.apply(TYPE, op.spend_control_id, op, 'response');
        }
      },
      dispose() {
        store = createEntityStore(options);
      },
    };
  },
});

export const entityStore = storeTarget('@vstore/core store.apply (defaults)', {});
/** The opt-in alternative: every superseded version stays readable through getVersion. */
export const entityStoreHistory = storeTarget('@vstore/core store.apply, keepSuperseded: true', {
  keepSuperseded: true,
});

/**
 * The raw Map plus only the work a stored entity needs, to show what the store's write costs are made
 * of: `freezeEntity` (the store's own: scan for prototype keys, deep-freeze in place), or the frozen
 * copy the store made before. Written out twice, not built by one factory: closures of one function
 * share type feedback, and the two would slow each other down.
 */
export const mapDeepFreeze: TargetFactory = {
  label: 'raw Map + freezeEntity (deep freeze in place)',
  create() {
    let map = new Map<string, SpendControlFixture>();
    return {
      fill(keys) {
        for (let i = 0; i < keys.length; i++)
          map.set(keys[i]!, freezeEntity(spendControl(keys[i]!, i, 2, `Control ${i}`)));
      },
      run(ops, from, to) {
        for (let k = from; k < to; k++) {
          const op = ops[k]!;
          const held = map.get(op.spend_control_id);
          if (held === undefined || op.version > held.version) map.set(op.spend_control_id, freezeEntity(op));
        }
      },
      dispose() {
        map = new Map();
      },
    };
  },
};

/**
 * The raw Map plus only the store's scan for prototype keys and nested objects, with no freeze at all:
 * what a store that sanitizes what it accepts pays even if it froze nothing. A copy of the walk in
 * store/freeze.ts without its `Object.freeze` calls (the store does not export its internals; see there).
 */
export const mapScanOnly: TargetFactory = {
  label: 'raw Map + prototype-key scan only, no freeze',
  create() {
    let map = new Map<string, SpendControlFixture>();
    return {
      fill(keys) {
        for (let i = 0; i < keys.length; i++) map.set(keys[i]!, spendControl(keys[i]!, i, 2, `Control ${i}`));
      },
      run(ops, from, to) {
        for (let k = from; k < to; k++) {
          const op = ops[k]!;
          const held = map.get(op.spend_control_id);
          if ((held === undefined || op.version > held.version) && scanClean(op))
            map.set(op.spend_control_id, op);
        }
      },
      dispose() {
        map = new Map();
      },
    };
  },
};

function scanClean(value: object): boolean {
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    if (isUnsafeKey(key)) return false;
    const child: unknown = (value as Record<string, unknown>)[key];
    if (typeof child !== 'object' || child === null) continue;
    const proto: unknown = Object.getPrototypeOf(child);
    if ((proto === Object.prototype || proto === Array.prototype || proto === null) && !scanClean(child)) {
      return false;
    }
  }
  return true;
}

export const mapFrozenCopy: TargetFactory = {
  label: 'raw Map + frozen copy (the former design)',
  create() {
    let map = new Map<string, SpendControlFixture>();
    return {
      fill(keys) {
        for (let i = 0; i < keys.length; i++)
          map.set(keys[i]!, formerFreezeEntity(spendControl(keys[i]!, i, 2, `Control ${i}`)));
      },
      run(ops, from, to) {
        for (let k = from; k < to; k++) {
          const op = ops[k]!;
          const held = map.get(op.spend_control_id);
          if (held === undefined || op.version > held.version)
            map.set(op.spend_control_id, formerFreezeEntity(op));
        }
      },
      dispose() {
        map = new Map();
      },
    };
  },
};

/** The former design, as it was (git history of store/freeze.ts): a frozen copy of every accepted entity. */
function formerFreezeValue(value: object): object {
  const proto: unknown = Object.getPrototypeOf(value);
  if (Object.isFrozen(value) || (proto !== Object.prototype && proto !== Array.prototype && proto !== null)) {
    return value;
  }
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    const child: unknown = (value as Record<string, unknown>)[key];
    if (
      isUnsafeKey(key) ||
      (typeof child === 'object' && child !== null && formerFreezeValue(child) !== child)
    ) {
      return Object.freeze(formerCopy(value));
    }
  }
  return Object.freeze(value);
}

function formerCopy(source: object, into?: Record<string, unknown>): Record<string, unknown> {
  const copy = into ?? (Array.isArray(source) ? ([] as unknown as Record<string, unknown>) : {});
  for (const key in source) {
    if (!hasOwn.call(source, key) || isUnsafeKey(key)) continue;
    const value: unknown = (source as Record<string, unknown>)[key];
    copy[key] = typeof value === 'object' && value !== null ? formerFreezeValue(value) : value;
  }
  return copy;
}

const hasOwn = Object.prototype.hasOwnProperty;
const isUnsafeKey = (key: string): boolean =>
  key === '__proto__' || key === 'constructor' || key === 'prototype';
// One constructor per entity type: V8 sizes its objects to the fields the first instances received.
function Plain() {}
Plain.prototype = Object.prototype;

const formerFreezeEntity = <T extends object>(entity: T): T =>
  Object.freeze(formerCopy(entity, new (Plain as unknown as new () => Record<string, unknown>)())) as T;

/** Default options and prebuilt query keys: its fastest fair configuration (see FIELD-NOTES). */
export const tanstack: TargetFactory = {
  label: '@tanstack/query-core setQueryData',
  create() {
    let client = new QueryClient();
    const keyOf = new Map<string, readonly [string, string]>();
    return {
      fill(keys) {
        for (let i = 0; i < keys.length; i++) {
          const key = [TYPE, keys[i]!] as const;
          keyOf.set(keys[i]!, key);
          client.setQueryData(key, spendControl(keys[i]!, i, 2, `Control ${i}`));
        }
      },
      run(ops, from, to) {
        // Keys are built once, in fill; this Map lookup costs about 1% of a setQueryData.
        for (let k = from; k < to; k++) {
          const op = ops[k]!;
          client.setQueryData<SpendControlFixture>(keyOf.get(op.spend_control_id)!, (held) =>
            held === undefined || op.version > held.version ? op : undefined,
          );
        }
      },
      dispose() {
        client.clear();
        client = new QueryClient();
        keyOf.clear();
      },
    };
  },
};

/** Ops per dispatch of the batched RTK target: a page of a list, or a burst of events. */
export const RTK_BATCH = 100;

const rtkAdapter = createEntityAdapter<SpendControlFixture, string>({ selectId: (e) => e.spend_control_id });
const rtkSlice = createSlice({
  name: 'spendControls',
  initialState: rtkAdapter.getInitialState(),
  reducers: {
    /** One op, the version check against the draft. */
    upsertVersioned(state, action: PayloadAction<SpendControlFixture>) {
      const held = state.entities[action.payload.spend_control_id];
      if (held === undefined || action.payload.version > held.version)
        rtkAdapter.upsertOne(state, action.payload);
    },
    /**
     * A batch: the version check reads the batch's own newer ops first and the state before the
     * batch otherwise (`original`, so it reads plain objects, not drafts), then one `upsertMany`.
     */
    upsertVersionedMany(state, action: PayloadAction<readonly SpendControlFixture[]>) {
      const before = original(state)!.entities;
      const newer = new Map<string, SpendControlFixture>();
      for (const op of action.payload) {
        const held = newer.get(op.spend_control_id) ?? before[op.spend_control_id];
        if (held === undefined || op.version > held.version) newer.set(op.spend_control_id, op);
      }
      if (newer.size > 0) rtkAdapter.upsertMany(state, [...newer.values()]);
    },
  },
});
const rtkStore = (preloaded = rtkAdapter.getInitialState()) =>
  configureStore({
    reducer: { spendControls: rtkSlice.reducer },
    preloadedState: { spendControls: preloaded },
  });
type RtkStore = ReturnType<typeof rtkStore>;

/** An RTK target: a production configureStore, filled as plain state, fed by `dispatchOps`. */
function rtkTarget(
  label: string,
  dispatchOps: (store: RtkStore, ops: readonly SpendControlFixture[], from: number, to: number) => void,
): TargetFactory {
  return {
    label,
    create() {
      let store = rtkStore();
      return {
        fill(keys) {
          // Preloaded as plain state: filling 1M entities through dispatch would take hours.
          const entities: Record<string, SpendControlFixture> = {};
          for (let i = 0; i < keys.length; i++)
            entities[keys[i]!] = spendControl(keys[i]!, i, 2, `Control ${i}`);
          store = rtkStore({ ids: [...keys], entities });
        },
        run(ops, from, to) {
          dispatchOps(store, ops, from, to);
        },
        dispose() {
          store = rtkStore();
        },
      };
    },
  };
}

/** Redux Toolkit's entity adapter, one dispatch and one `upsertOne` per op. */
export const reduxToolkit = rtkTarget('Redux Toolkit entity adapter upsertOne', (store, ops, from, to) => {
  for (let k = from; k < to; k++) store.dispatch(rtkSlice.actions.upsertVersioned(ops[k]!));
});

/**
 * Redux Toolkit's best form of the same work: `upsertMany` of each batch of ops, one dispatch (and
 * one copy of the `entities` record) per batch.
 */
export const reduxToolkitBatched = rtkTarget(
  `Redux Toolkit entity adapter upsertMany, batches of ${RTK_BATCH}`,
  (store, ops, from, to) => {
    for (let k = from; k < to; k += RTK_BATCH)
      store.dispatch(rtkSlice.actions.upsertVersionedMany(ops.slice(k, Math.min(to, k + RTK_BATCH))));
  },
);
