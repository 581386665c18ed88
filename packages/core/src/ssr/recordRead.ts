import type { ClientContext } from '../client/clientContext';
import type { VStoreError } from '../errors/vstoreError';
import { type ReadKind, type ReadState, readKey } from '../observers/requestCache';

/**
 * Records what a direct read (`get`, `get(id, { version })`, `history`) came to in the request
 * cache, as an observer's read does: so data preloaded with the client's own calls before a server
 * render, and its failures, are what observers render and what `dehydrate` carries. While an
 * observer's read of the key is in flight, that read records the outcome instead (the call is
 * usually that read itself). An aborted call records nothing. Returns `promise` itself.
 */
export function recordRead<T>(
  { requests, scheduler, store }: ClientContext,
  type: string,
  id: string,
  kind: ReadKind,
  promise: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  if (typeof kind === 'number' && !(Number.isInteger(kind) && kind >= 0)) return promise;
  const key = readKey(type, id, kind);
  const state = (value: T): ReadState =>
    kind === 'history'
      ? { result: value, resultAt: store.get<{ version?: number }>(type, id)?.version }
      : kind === 0
        ? {}
        : { result: value };
  promise.then(
    (value) => {
      if (!requests.isFetching(key))
        requests.set(key, {
          ...state(value),
          settledAt: scheduler.now(),
          error: undefined,
          errorAt: undefined,
        });
    },
    (error: unknown) => {
      if (!signal?.aborted && !requests.isFetching(key))
        requests.set(key, { error: error as VStoreError, errorAt: scheduler.now() });
    },
  );
  return promise;
}
