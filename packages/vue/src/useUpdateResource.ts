import {
  observeUpdate,
  type ResourceClient,
  type UpdateObserver,
  type UpdateObserverOptions,
  type UpdateResult,
} from '@vstore/core';
import { type ComputedRef, computed, getCurrentScope, onScopeDispose, shallowRef } from './vue';
import { warnOutsideScope } from './warnOutsideScope';

/** Status of the last write: `idle`, `pending`, `success` or `error`. */
export type MutationStatus = UpdateResult<never>['status'];

/** Options of `useUpdateResource`: `outbox` sends every write through an outbox, kept until it lands. */
export type UpdateResourceOptions = UpdateObserverOptions;

/** `useUpdateResource`'s result: core's update observer's state as readonly refs, `mutate` and `edit`. */
export interface UpdateResourceState<T extends object, TUpdateKey extends string>
  extends Pick<UpdateObserver<T, TUpdateKey>, 'mutate' | 'edit'> {
  /** The last call's status. */
  readonly status: ComputedRef<MutationStatus>;
  /** The last call's failure (`InvalidUpdateError`, `EditConflictError`, …). */
  readonly error: ComputedRef<UpdateResult<T>['error']>;
  /** The last call's result. */
  readonly data: ComputedRef<T | undefined>;
}

/**
 * Writes to one resource over core's `observeUpdate`; the promises never reject. A write is not
 * aborted when the scope ends: the service may already have applied it, and its reply must still
 * reach the store. With `{ outbox }` (`createOutbox` of `@vstore/core/offline`) each write is stored
 * there first and sent until it lands, offline and across reloads: `mutate` stores its patch; `edit`
 * runs its recipe over what every reader shows now (pending changes included), takes no options, and
 * stores the fields it changed. Readers show the change at once; `status` stays `pending` until it lands, and a
 * conflict waits in the outbox (`useOutbox(outbox).conflicts`) for `outbox.resolve`.
 *
 * @example
 * ```ts
 * import { useClient, useUpdateResource } from '@vstore/vue';
 * import type { Outbox } from '@vstore/core/offline';
 *
 * // in <script setup>
 * declare const outbox: Outbox;
 * const { mutate, status } = useUpdateResource(useClient().spendControls, { outbox });
 * const pause = (id: string) => mutate(id, { status: 'paused' }); // stored, then sent when online
 * // template: <button :disabled="status === 'pending'" @click="pause('sc_1')">Pause</button>
 * ```
 */
export function useUpdateResource<T extends object, TUpdateKey extends string>(
  resource: ResourceClient<T, TUpdateKey, never>,
  options: UpdateResourceOptions = {},
): UpdateResourceState<T, TUpdateKey> {
  warnOutsideScope('useUpdateResource');
  const observer = observeUpdate(resource, { outbox: options.outbox });
  const result = shallowRef(observer.getResult());
  const off = observer.subscribe(() => {
    result.value = observer.getResult();
  });
  if (getCurrentScope()) onScopeDispose(off);
  return {
    mutate: observer.mutate,
    edit: observer.edit,
    status: computed(() => result.value.status),
    error: computed(() => result.value.error),
    data: computed(() => result.value.data),
  };
}
