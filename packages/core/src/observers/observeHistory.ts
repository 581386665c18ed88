import type { ObserverResult, ResourceObserver } from './observeResource';
import { type HistoryResource, resultOf, SUSPENSE_FRESH_MS, since, suspendOn } from './observeResource';
import { readKey } from './requestCache';
import { contextOf } from './resourceLink';
import { resultListeners } from './resultListeners';

/**
 * Observes every version of one entity, oldest first. Core's `history` already asks again for a
 * version that reaches the store while the list is on its way; a version that arrives after the
 * list landed (a reply, an event, another tab) makes a subscribed observer ask once more, since only
 * the service can say which versions lie between. A lagging service's list asks nothing more until
 * a newer version.
 */
export function observeHistory<T extends object>(
  resource: HistoryResource<T>,
  id: string,
  options: { suspense?: boolean | undefined } = {},
): ResourceObserver<T[]> {
  const { store, requests, scheduler } = contextOf(resource);
  const { type } = resource.definition;
  const key = readKey(type, id, 'history');
  const latestVersion = () => store.get<{ version?: number }>(type, id)?.version;
  let result: ObserverResult<T[]> | undefined;
  const getResult = () => {
    const state = requests.get(key);
    result = resultOf(result, state?.result as T[] | undefined, state?.error, requests.isFetching(key));
    return result;
  };
  const read = (force = false) =>
    requests.run(
      key,
      (signal) => resource.history(id, { signal }),
      (list) => ({ result: list, resultAt: latestVersion() }),
      force,
    );

  const listeners = resultListeners(getResult, () => {
    const release = requests.retain(key);
    const offRequests = requests.subscribe(key, listeners.changed);
    const offStore = store.subscribe(type, id, () => {
      const state = requests.get(key);
      const newest = latestVersion() ?? 0;
      // While a read is in flight, core's own catch-up covers what lands meanwhile.
      if (state?.result !== undefined && !requests.isFetching(key) && newest > (state.resultAt ?? 0))
        void read();
    });
    const held = requests.get(key);
    const fresh =
      !!options.suspense &&
      held?.result !== undefined &&
      since(scheduler, held.settledAt) <= SUSPENSE_FRESH_MS;
    if (!fresh) void read();
    return () => {
      offStore();
      offRequests();
      release();
    };
  });

  return {
    getResult,
    subscribe: listeners.subscribe,
    refetch: () => read(true),
    load: () => (requests.get(key)?.result !== undefined ? Promise.resolve() : read()),
    suspend: () => suspendOn(getResult(), since(scheduler, requests.get(key)?.errorAt), () => read()),
  };
}
