import { isFresh, since } from '../reads/freshness';
import { linkOf } from '../reads/readContext';
import { settled } from '../reads/readEntry';
import { historyPlan } from '../reads/readPlans';
import type { ResourceOps } from '../resources/resourceOps';
import { EntryObserver } from './entryObserver';
import type { ObserverResult, ResourceObserver } from './observeResource';
import { type HistoryResource, resultOf, suspendOn } from './observeResource';

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
  const { ctx, ops } = linkOf(resource);
  if (!ops)
    throw new TypeError('observeHistory reads a resource client (client.spendControls, client.resource(…))');
  const { store, reads } = ctx;
  const { type } = resource.definition;
  const plan = historyPlan(ctx, ops as unknown as ResourceOps<T, string, never>, id);
  const latestVersion = () => store.get<{ version?: number }>(type, id)?.version ?? 0;
  // A refetch lasts while the observer is subscribed; `load` and `suspend` read for a render to come.
  const read = (replace = false) =>
    settled(reads.entry(plan.key).fetch(plan.start, plan.done, { replace, hold: !replace }));

  const observed = new EntryObserver(
    reads,
    plan.key,
    (state, result: ObserverResult<T[]> | undefined) =>
      resultOf(result, state?.result as T[] | undefined, state?.error, state?.isFetching ?? false),
    (entry) => {
      const offStore = store.subscribe(type, id, () => {
        const { state } = entry;
        // While a read is in flight, core's own catch-up covers what lands meanwhile.
        if (state.result !== undefined && !entry.isFetching && latestVersion() > (state.resultAt ?? 0))
          entry.run(plan.start, plan.done);
      });
      if (!(entry.state.result !== undefined && isFresh(entry.state, reads.now(), 0, !!options.suspense)))
        entry.run(plan.start, plan.done);
      return offStore;
    },
  );

  return {
    getResult: observed.getResult,
    subscribe: observed.subscribe,
    refetch: () => read(true),
    load: () => (observed.state()?.result !== undefined ? Promise.resolve() : read()),
    suspend: () =>
      suspendOn(observed.getResult(), since(reads.now(), observed.state()?.errorAt), () => read()),
  };
}
