import type { Draft } from 'immer';
import type { VStoreError } from '../errors/vstoreError';
import { contextOf } from '../reads/readContext';
import type { ResourceClient } from '../reads/resourceClient';
import { type EditOptions, loadEdit } from '../resources/editResource';
import type { ResourcePatch } from '../resources/resourceOps';
import { ListenerList } from '../store/listenerList';
import { reportUnhandled } from '../store/reportUnhandled';

/**
 * Status of the last write of an update observer: `idle` before any, then `pending`, `success` or `error`.
 */
export type UpdateStatus = 'idle' | 'pending' | 'success' | 'error';

/** What an update observer shows: the last call's status, result and error. */
export interface UpdateResult<T> {
  readonly status: UpdateStatus;
  /**
   * The last call's failure: a `VStoreError` (`InvalidUpdateError`, `ConcurrentUpdateError`, …), or,
   * beyond that union, what a write through the outbox ends with (`OutboxStorageError`, an
   * `AbortError` when its entry is discarded), the `TypeError`/`RangeError` of an edit refused before
   * sending (a recipe that deletes a field, a bad `baseVersion`), or whatever a recipe throws.
   */
  readonly error: VStoreError | Error | undefined;
  /** The last call's result. */
  readonly data: T | undefined;
}

/** Writes to one resource with the last call's state as a subscribable result; see `observeUpdate`. */
export interface UpdateObserver<T extends object, TUpdateKey extends string> {
  /** The last call's state; the same object until it changes. */
  getResult(): UpdateResult<T>;
  /** Calls `listener` after each change of `getResult()`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** `update`; resolves to the result, or undefined on failure (see `error`); never rejects. */
  mutate(id: string, patch: ResourcePatch<T, TUpdateKey>): Promise<T | undefined>;
  /** `edit`: a recipe over the latest state, re-run over a newer one after a 409; never rejects. */
  edit(id: string, recipe: (draft: Draft<T>) => void, options?: EditOptions<T>): Promise<T | undefined>;
}

/**
 * Where `observeUpdate` sends its writes instead of the client when given one: an outbox
 * (`createOutbox` of `@vstore/core/offline`), which keeps each until it lands.
 */
export interface UpdateOutbox {
  /** Stores an update of entity `id` until it lands; resolves with the entity once it has (see `Outbox.update`). */
  update<T extends object>(
    resource: { readonly definition: { readonly type: string; readonly updatable: readonly string[] } },
    id: string,
    patch: Readonly<Record<string, unknown>>,
  ): Promise<T>;
  /**
   * What an update of `id` made now would keep as its base (`Outbox.baseOf`): `edit` runs its recipe
   * over it. Without it, over what the client's view shows.
   */
  baseOf?(type: string, id: string): Readonly<Record<string, unknown>> | undefined;
}

/** Options of `observeUpdate`. */
export interface UpdateObserverOptions {
  /**
   * Sends through an outbox: `mutate` stores the patch there, `edit` runs its recipe over the base the
   * entry keeps (what the view shows now, with the entity's updates still being stored) and stores
   * the fields it changed; its options are refused (a `TypeError`), since the outbox compares each
   * entry's base with the latest by its own `onConflict`. Both resolve once the write lands.
   */
  outbox?: UpdateOutbox | undefined;
}

const IDLE = /* @__PURE__ */ Object.freeze({
  status: 'idle',
  error: undefined,
  data: undefined,
}) as UpdateResult<never>;

/**
 * Writes to one resource, tracking the last call. The written entity reaches every reader through
 * the store; only the latest call may set the state, so an older, slower call cannot overwrite it.
 * A write is not aborted when everyone leaves: the service may already have applied it, and its
 * reply must still reach the store.
 */
export function observeUpdate<T extends object, TUpdateKey extends string>(
  resource: ResourceClient<T, TUpdateKey, never>,
  options: UpdateObserverOptions = {},
): UpdateObserver<T, TUpdateKey> {
  const { outbox } = options;
  let result: UpdateResult<T> = IDLE;
  let calls = 0;
  // A settle that changes a field makes a new result and notifies (a second write started while one
  // is pending changes none); nothing is attached while anyone listens.
  const listeners = new ListenerList();
  const track = (start: () => Promise<T>): Promise<T | undefined> => {
    const call = ++calls;
    const settle = (status: UpdateStatus, error?: unknown, data?: T) => {
      if (call !== calls) return data;
      if (result.status === status && result.error === error && result.data === data) return data;
      result = Object.freeze({ status, error: error as VStoreError | Error | undefined, data });
      try {
        listeners.notify('observer listeners threw');
      } catch (thrown) {
        // `mutate` and `edit` never reject (and `pending` is told before the write starts): a listener
        // that throws is reported, and neither stops the write nor turns its outcome into a rejection.
        reportUnhandled(thrown);
      }
      return data;
    };
    settle('pending');
    // `Promise.resolve().then` also turns a synchronous throw (InvalidUpdateError) into `error`.
    return Promise.resolve()
      .then(start)
      .then(
        (data) => settle('success', undefined, data),
        (error: unknown) => settle('error', error),
      );
  };
  return {
    getResult: () => result,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    mutate: (id, patch) =>
      track(() => (outbox ? outbox.update<T>(resource, id, patch) : resource.update(id, patch))),
    edit: (id, recipe, editOptions) =>
      track(async () => {
        if (!outbox) return resource.edit(id, recipe, editOptions);
        const given = Object.entries(editOptions ?? {}).filter(([, value]) => value !== undefined);
        if (given.length > 0)
          // The outbox checks conflicts itself, by its own onConflict.
          throw new TypeError(
            `edit through an outbox takes no options (${given.map(([name]) => name).join(', ')} given)`,
          );
        const { type } = resource.definition;
        const { view } = contextOf(resource);
        // Edit's code (immer) and the entity first: from then on nothing is awaited before the entry is
        // made, so the recipe runs over the very state the entry keeps as its base (pending changes,
        // those still being stored included), and a version that arrives meanwhile is compared with
        // it when the entry is sent, not taken into it unseen.
        const { recipePatch } = await loadEdit();
        if (view.get(type, id) === undefined) await resource.get(id);
        const shown = (outbox.baseOf?.(type, id) ?? view.get<T>(type, id) ?? (await resource.get(id))) as T;
        const patch = recipePatch(resource.definition, shown, recipe);
        return Object.keys(patch).length === 0 ? shown : outbox.update<T>(resource, id, patch);
      }),
  };
}
