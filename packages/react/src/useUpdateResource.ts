import { observeUpdate, type ResourceClient, type UpdateObserver, type UpdateResult } from '@vstore/core';
import { useMemo, useSyncExternalStore } from './react';

/**
 * What `useUpdateResource` returns: the last call's `status`, `data` and `error`, with `mutate`
 * (an update) and `edit` (an immer recipe, conflicts handled), stable across renders.
 */
export type UpdateResourceResult<T extends object, TUpdateKey extends string> = UpdateResult<T> &
  Pick<UpdateObserver<T, TUpdateKey>, 'mutate' | 'edit'>;

/**
 * Writes to one resource over core's `observeUpdate`: `mutate` and `edit` keep their identity across
 * renders, resolve to the result or undefined, and never reject (the error is in `error`).
 */
export function useUpdateResource<T extends object, TUpdateKey extends string>(
  resource: ResourceClient<T, TUpdateKey, never>,
): UpdateResourceResult<T, TUpdateKey> {
  const observer = useMemo(() => observeUpdate(resource), [resource]);
  const result = useSyncExternalStore(observer.subscribe, observer.getResult, observer.getResult);
  return useMemo(() => ({ ...result, mutate: observer.mutate, edit: observer.edit }), [result, observer]);
}
