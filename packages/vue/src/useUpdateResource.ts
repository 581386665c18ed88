import { observeUpdate, type ResourceClient, type UpdateObserver, type UpdateResult } from '@vstore/core';
import { type ComputedRef, computed, getCurrentScope, onScopeDispose, shallowRef } from './vue';
import { warnOutsideScope } from './warnOutsideScope';

/** Status of the last write: `idle`, `pending`, `success` or `error`. */
export type MutationStatus = UpdateResult<never>['status'];

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
 * reach the store.
 */
export function useUpdateResource<T extends object, TUpdateKey extends string>(
  resource: ResourceClient<T, TUpdateKey, never>,
): UpdateResourceState<T, TUpdateKey> {
  warnOutsideScope('useUpdateResource');
  const observer = observeUpdate(resource);
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
