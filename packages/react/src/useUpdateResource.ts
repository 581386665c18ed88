import {
  observeUpdate,
  type ResourceClient,
  type UpdateObserver,
  type UpdateObserverOptions,
  type UpdateResult,
} from '@vstore/core';
import { useMemo, useSyncExternalStore } from './react';

/**
 * What `useUpdateResource` returns: the last call's `status`, `data` and `error`, with `mutate`
 * (an update) and `edit` (an immer recipe, conflicts handled), stable across renders.
 */
export type UpdateResourceResult<T extends object, TUpdateKey extends string> = UpdateResult<T> &
  Pick<UpdateObserver<T, TUpdateKey>, 'mutate' | 'edit'>;

/** Options of `useUpdateResource`: `outbox` sends every write through an outbox, kept until it lands. */
export type UpdateResourceOptions = UpdateObserverOptions;

/**
 * Writes to one resource over core's `observeUpdate`: `mutate` and `edit` keep their identity across
 * renders, resolve to the result or undefined, and never reject (the error is in `error`). With
 * `{ outbox }` (`createOutbox` of `@vstore/core/offline`) each write is stored there first and sent
 * until it lands, offline and across reloads: `mutate` stores its patch; `edit` runs its recipe over
 * what every reader shows now (pending changes included), takes no options, and stores the fields it
 * changed. Readers
 * show the change at once; `status` stays `pending` until it lands, and a conflict waits in the
 * outbox (`useOutbox(outbox).conflicts`) for `outbox.resolve`.
 *
 * @example
 * ```tsx
 * import { useUpdateResource, useVStoreClient } from '@vstore/react';
 * import type { Outbox } from '@vstore/core/offline';
 *
 * function PauseButton({ id, outbox }: { id: string; outbox: Outbox }) {
 *   const { mutate, status } = useUpdateResource(useVStoreClient().spendControls, { outbox });
 *   return (
 *     <button type="button" onClick={() => void mutate(id, { status: 'paused' })}>
 *       {status === 'pending' ? 'Pausing (sent when online)…' : 'Pause'}
 *     </button>
 *   );
 * }
 * ```
 */
export function useUpdateResource<T extends object, TUpdateKey extends string>(
  resource: ResourceClient<T, TUpdateKey, never>,
  options: UpdateResourceOptions = {},
): UpdateResourceResult<T, TUpdateKey> {
  const { outbox } = options;
  const observer = useMemo(() => observeUpdate(resource, { outbox }), [resource, outbox]);
  const result = useSyncExternalStore(observer.subscribe, observer.getResult, observer.getResult);
  return useMemo(() => ({ ...result, mutate: observer.mutate, edit: observer.edit }), [result, observer]);
}
