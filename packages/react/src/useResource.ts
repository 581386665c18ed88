import { type HistoryResource, observeHistory, observeResource, type ReadableResource } from '@vstore/core';
import { useMemo } from './react';
import { type ResourceResult, useObserver } from './useObserver';

export type { ResourceResult } from './useObserver';
/** Status of a `useResource` result: `pending`, `success` or `error` (see core's `ResultStatus`). */
export type ResourceStatus = 'pending' | 'success' | 'error';
/** What `useResource` reads: a resource client, such as `client.spendControls` or `client.resource(definition)`. */
export type ResourceSource<T extends object> = ReadableResource<T>;

/** Options of `useResource`: which version, how fresh a stored copy must be to skip the request, Suspense. */
export interface ResourceOptions {
  /** A historical version (>= 1); omitted or 0 reads the latest, which follows the store. */
  version?: number;
  /**
   * Skip the mount's request when the service confirmed the store's copy within this many ms.
   * @default the client's `maxAgeMs` (0: ask on every mount)
   */
  maxAgeMs?: number;
  /**
   * Suspend (throw the in-flight promise) until data is there; errors go to the error boundary. A
   * render more than a second after the failure (an error boundary's reset) asks again instead.
   * @default false
   */
  suspense?: boolean;
}

/**
 * Any resource by id, over core's `observeResource`: the latest follows the store (renders only for
 * newer versions), `version` >= 1 reads that historical version. Nothing is read while `id` is undefined.
 *
 * @example
 * ```tsx
 * import { useResource, useVStoreClient } from '@vstore/react';
 *
 * function ControlName({ id }: { id: string }) {
 *   const client = useVStoreClient();
 *   const { status, data, error, refetch } = useResource(client.spendControls, id);
 *   if (status === 'pending') return <p>Loading…</p>;
 *   if (status === 'error') return <button onClick={() => refetch()}>{error.message} Retry</button>;
 *   return <p>{data.name} (v{data.version})</p>;
 * }
 * ```
 */
export function useResource<T extends object>(
  resource: ReadableResource<T>,
  id: string | undefined,
  options: ResourceOptions = {},
): ResourceResult<T> {
  const { version, maxAgeMs, suspense } = options;
  const observer = useMemo(
    () => (id === undefined ? undefined : observeResource(resource, id, { version, maxAgeMs, suspense })),
    [resource, id, version, maxAgeMs, suspense],
  );
  return useObserver(observer, suspense);
}

/** Every version of one entity, oldest first, over core's `observeHistory`. */
export function useResourceHistory<T extends object>(
  resource: HistoryResource<T>,
  id: string | undefined,
  options: Pick<ResourceOptions, 'suspense'> = {},
): ResourceResult<T[]> {
  const { suspense } = options;
  const observer = useMemo(
    () => (id === undefined ? undefined : observeHistory(resource, id, { suspense })),
    [resource, id, suspense],
  );
  return useObserver(observer, suspense);
}
