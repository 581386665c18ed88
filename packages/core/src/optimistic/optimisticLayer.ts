import type { Draft } from 'immer';
import type { Observable } from 'rxjs';
import { callEach, throwCollected } from '../store/callEach';
import { entityKey } from '../store/entityKey';
import { freezeEntity } from '../store/freeze';
import { observeKey } from '../store/observe';
import type { Entity, EntityStore } from '../store/types';
import { UNSAFE_KEYS } from '../wire/unsafeKeys';
import { loadedImmer, loadImmer } from './loadImmer';

/**
 * A partial to merge, or an immer recipe, laid over the confirmed entity. immer is loaded on the
 * first recipe (a dynamic import): a recipe applied before it has loaded shows once it has, and the
 * key's listeners are told then. Partials never need it.
 */
export type OptimisticChange<T extends object = Entity> = Partial<T> | ((draft: Draft<T>) => void);

/** Options of `OptimisticLayer.apply`. */
export interface OptimisticApplyOptions {
  /**
   * The confirmed version the change was made against.
   * @default the store's current version of the key
   */
  baseVersion?: number;
}

/**
 * One optimistic change, as returned by `apply`: confirm it with the server's answer, or fail it
 * to take it out of the view.
 */
export interface OptimisticHandle {
  /** The confirmed version the change was made against (undefined when none was held). */
  readonly baseVersion: number | undefined;
  /**
   * `pending` until `confirm` or `fail`; `confirming` while the confirmed state has not caught up
   * with the server's answer; `settled` once the change is gone from the view.
   */
  readonly status: 'pending' | 'confirming' | 'settled';
  /**
   * The server accepted the change. Give its answer (offered to the store through the gate as a
   * `response`) or the version it produced; the change stays shown until the store holds that
   * version or a newer one, so the view never flickers back to the old state.
   */
  confirm(result: object | number): void;
  /** The server refused the change: it leaves the view at once. */
  fail(): void;
}

/**
 * Pending changes shown over a store's confirmed state, without writing them to the store: the
 * view is rebased over every newer confirmed version, and a change leaves once the store holds its
 * result (confirm) or at once (fail). Made by `createOptimisticLayer(store)`.
 */
export interface OptimisticLayer {
  /**
   * Shows `change` over the confirmed entity from now on, until the returned handle is confirmed
   * (and the store catches up) or failed.
   */
  apply<T extends object = Entity>(
    type: string,
    id: string,
    change: OptimisticChange<T>,
    options?: OptimisticApplyOptions,
  ): OptimisticHandle;
  /**
   * Confirmed entity with pending changes on top, re-applied over every newer confirmed version
   * (rebased). The store's own object when nothing is pending; undefined while nothing is confirmed.
   * `store.get` stays the confirmed state alone, and a view's `version` is always the confirmed one.
   */
  get<T extends object = Entity>(type: string, id: string): T | undefined;
  /** useSyncExternalStore-compatible: called when the view of this key may have changed. */
  subscribe(type: string, id: string, listener: () => void): () => void;
  /** `get` as an Observable: the current view first, then each change. */
  observe<T extends object = Entity>(type: string, id: string): Observable<T | undefined>;
  /** Whether any change to this key is still shown. */
  isPending(type: string, id: string): boolean;
  /** Keys with a change still shown. */
  pendingKeys(): Array<readonly [type: string, id: string]>;
  /**
   * Applies `change`, runs `send`, then confirms with its result or fails and rethrows.
   * `send` should resolve with the server's updated entity.
   */
  run<T extends object>(
    type: string,
    id: string,
    change: OptimisticChange<T>,
    send: () => Promise<T>,
  ): Promise<T>;
}

interface PendingChange {
  readonly change: OptimisticChange<object>;
  /** Set by `confirm`: the change leaves once the confirmed version reaches it. */
  targetVersion?: number;
}

interface KeyState {
  readonly type: string;
  readonly id: string;
  /** Replaced, never mutated, so `memo` can compare by identity. */
  changes: readonly PendingChange[];
  readonly listeners: Set<() => void>;
  unsubscribeStore: (() => void) | undefined;
  memo: { base: object; changes: readonly PendingChange[]; withImmer: boolean; value: object } | undefined;
}

/**
 * Optimistic updates as a layer over the store, never in it: the store keeps only what the server
 * confirmed, and every write the layer makes to it goes through `store.apply` like any response.
 */
export function createOptimisticLayer(store: EntityStore): OptimisticLayer {
  const keys = new Map<string, KeyState>();

  const stateOf = (type: string, id: string): KeyState => {
    const key = entityKey(type, id);
    let state = keys.get(key);
    if (!state) {
      state = { type, id, changes: [], listeners: new Set(), unsubscribeStore: undefined, memo: undefined };
      keys.set(key, state);
    }
    // Watch the confirmed state only while someone needs the view, so an idle layer costs nothing.
    state.unsubscribeStore ??= store.subscribe(type, id, () => onConfirmedChange(state));
    return state;
  };

  const release = (state: KeyState) => {
    if (state.changes.length > 0 || state.listeners.size > 0) return;
    state.unsubscribeStore?.();
    state.unsubscribeStore = undefined;
    // A stale handle or unsubscribe may release a state that a newer one has already replaced.
    const key = entityKey(state.type, state.id);
    if (keys.get(key) === state) keys.delete(key);
  };

  const notify = (state: KeyState) => {
    throwCollected(callEach([...state.listeners], undefined), 'Optimistic view listeners threw');
  };

  const confirmedVersion = (type: string, id: string): number | undefined => {
    const version = (store.get(type, id) as { version?: unknown } | undefined)?.version;
    return typeof version === 'number' ? version : undefined;
  };

  /** Drops changes the confirmed state has caught up with; all of them once the key is removed. */
  const settle = (state: KeyState): boolean => {
    const removed = store.isRemoved(state.type, state.id);
    const held = confirmedVersion(state.type, state.id) ?? 0;
    const kept = state.changes.filter(
      (c) => !removed && (c.targetVersion === undefined || c.targetVersion > held),
    );
    if (kept.length === state.changes.length) return false;
    state.changes = kept;
    return true;
  };

  const notifyAndRelease = (state: KeyState) => {
    try {
      notify(state);
    } finally {
      release(state);
    }
  };

  // The confirmed base moved (or the key was removed): the view changes either way.
  function onConfirmedChange(state: KeyState) {
    settle(state);
    notifyAndRelease(state);
  }

  const layer: OptimisticLayer = {
    apply(type, id, change, options = {}) {
      const state = stateOf(type, id);
      const entry: PendingChange = { change: change as OptimisticChange<object> };
      const baseVersion = options.baseVersion ?? confirmedVersion(type, id);
      let status: OptimisticHandle['status'] = 'pending';
      state.changes = [...state.changes, entry];
      if (typeof change === 'function' && !loadedImmer()) {
        // Shown once immer is in; a load failure leaves the recipe unshown, as a failed change would be.
        loadImmer().then(
          () => {
            if (state.changes.includes(entry)) notify(state);
          },
          () => {},
        );
      }
      try {
        notify(state);
      } catch (error) {
        // A listener threw, so no handle reaches the caller: nothing could confirm or fail this
        // change, which would stay shown for good. It is taken back out before the error goes on.
        state.changes = state.changes.filter((c) => c !== entry);
        notifyAndRelease(state);
        throw error;
      }
      return {
        baseVersion,
        get status() {
          return status === 'confirming' && !state.changes.includes(entry) ? 'settled' : status;
        },
        confirm(result) {
          if (status !== 'pending') return;
          status = 'confirming';
          if (typeof result === 'number') {
            entry.targetVersion = result;
          } else {
            const version = (result as { version?: unknown }).version;
            // Unversioned types (tasks) have nothing to wait for: the answer itself is the confirmation.
            entry.targetVersion = typeof version === 'number' ? version : 0;
            // The gate decides; an answer older than what the store holds changes nothing.
            store.apply(type, id, result, 'response');
          }
          // Usually the apply above already settled it, through the store's notification.
          if (settle(state)) notifyAndRelease(state);
        },
        fail() {
          if (!state.changes.includes(entry)) return;
          status = 'settled';
          state.changes = state.changes.filter((c) => c !== entry);
          notifyAndRelease(state);
        },
      };
    },

    get<T extends object>(type: string, id: string): T | undefined {
      const base = store.get<object>(type, id);
      const state = keys.get(entityKey(type, id));
      if (!base || !state || state.changes.length === 0) return base as T | undefined;
      const immer = loadedImmer();
      const withImmer = immer !== undefined;
      const memo = state.memo;
      if (memo && memo.base === base && memo.changes === state.changes && memo.withImmer === withImmer)
        return memo.value as T;
      const lay = (draft: Record<string, unknown>) => {
        for (const { change } of state.changes) {
          if (typeof change === 'function') {
            if (withImmer) change(draft as Draft<object>);
          } else layOver(draft, change as Record<string, unknown>);
        }
        // The view must never pass for a confirmed state it is not: its version stays the confirmed one.
        if ('version' in base) draft.version = (base as { version: unknown }).version;
      };
      const value = immer ? immer.produce(base, lay) : mergeOver(base, lay);
      state.memo = { base, changes: state.changes, withImmer, value };
      return value as T;
    },

    subscribe(type, id, listener) {
      const state = stateOf(type, id);
      const wrapped = () => listener();
      state.listeners.add(wrapped);
      return () => {
        state.listeners.delete(wrapped);
        release(state);
      };
    },

    observe<T extends object>(type: string, id: string) {
      return observeKey<T>(layer, type, id);
    },

    isPending: (type, id) => (keys.get(entityKey(type, id))?.changes.length ?? 0) > 0,

    pendingKeys: () =>
      [...keys.values()].filter((s) => s.changes.length > 0).map((s) => [s.type, s.id] as const),

    async run(type, id, change, send) {
      // A recipe shows at once only with immer in, so it is loaded before the change goes up.
      if (typeof change === 'function') await loadImmer();
      const handle = layer.apply(type, id, change);
      try {
        const result = await send();
        handle.confirm(result);
        return result;
      } catch (error) {
        handle.fail();
        throw error;
      }
    },
  };
  return layer;
}

/** Partials without immer: a frozen shallow copy, or `base` itself when nothing differs (as immer does). */
/**
 * A partial's fields over the draft, without the keys the store drops everywhere: `Object.assign` of
 * a partial parsed from JSON would turn its own `__proto__` into a prototype swap (which an immer draft
 * refuses, so every read of the view would throw).
 */
function layOver(draft: Record<string, unknown>, partial: Record<string, unknown>): void {
  for (const key of Object.keys(partial)) if (!UNSAFE_KEYS.has(key)) draft[key] = partial[key];
}

function mergeOver(base: object, lay: (draft: Record<string, unknown>) => void): object {
  const draft: Record<string, unknown> = { ...base };
  lay(draft);
  const same = Object.keys(draft).every((key) =>
    Object.is(draft[key], (base as Record<string, unknown>)[key]),
  );
  return same && Object.keys(base).length === Object.keys(draft).length ? base : freezeEntity(draft);
}
