import { configureStore, createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { QueryClient } from '@tanstack/query-core';
// By path, not by name: plain `node --import tsx` does not apply the `source` export condition.
import { createEntityStore, type EntityStoreOptions } from '../packages/core/src/store/index';
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
export const entityStoreLean = storeTarget('@vstore/core store.apply, keepSuperseded: false', {
  keepSuperseded: false,
});

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

/** Redux Toolkit's entity adapter behind a production configureStore, with the version check in the reducer. */
export const reduxToolkit: TargetFactory = {
  label: 'Redux Toolkit entity adapter upsertOne',
  create() {
    const adapter = createEntityAdapter<SpendControlFixture, string>({ selectId: (e) => e.spend_control_id });
    const slice = createSlice({
      name: 'spendControls',
      initialState: adapter.getInitialState(),
      reducers: {
        upsertVersioned(state, action: PayloadAction<SpendControlFixture>) {
          const held = state.entities[action.payload.spend_control_id];
          if (held === undefined || action.payload.version > held.version)
            adapter.upsertOne(state, action.payload);
        },
      },
    });
    const make = (preloaded = adapter.getInitialState()) =>
      configureStore({
        reducer: { spendControls: slice.reducer },
        preloadedState: { spendControls: preloaded },
      });
    let store = make();
    return {
      fill(keys) {
        // Preloaded as plain state: filling 1M entities through dispatch would take hours.
        const entities: Record<string, SpendControlFixture> = {};
        for (let i = 0; i < keys.length; i++)
          entities[keys[i]!] = spendControl(keys[i]!, i, 2, `Control ${i}`);
        store = make({ ids: [...keys], entities });
      },
      run(ops, from, to) {
        for (let k = from; k < to; k++) store.dispatch(slice.actions.upsertVersioned(ops[k]!));
      },
      dispose() {
        store = make();
      },
    };
  },
};
