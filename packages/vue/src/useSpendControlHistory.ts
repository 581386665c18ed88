import type { Client, SpendControl } from '@vstore/core';
import { useClient } from './createVStore';
import { type ResourceState, useResource } from './useResource';
import { TYPE } from './useSpendControl';
import type { MaybeRefOrGetter } from './vue';

/**
 * Every version of a spend control, oldest first. When the store gets a latest version newer than
 * any in the list (a reply, an event, another tab), the list is fetched again: only the server can
 * say which versions lie between.
 */
export function useSpendControlHistory(
  id: MaybeRefOrGetter<string | undefined>,
  options: { client?: Client } = {},
): ResourceState<SpendControl[]> {
  const { store, spendControls } = useClient(options.client);
  const newest = (i: string) => store.get<SpendControl>(TYPE, i)?.version ?? 0;
  const state: ResourceState<SpendControl[]> = useResource<SpendControl[], [string]>([id], {
    subscribe: ([i], changed) =>
      store.subscribe(TYPE, i, () => {
        // While no list is held, the load in flight compares when its reply lands (below).
        if (state.data.value?.every((item) => item.version < newest(i))) changed();
      }),
    // A version that reached the store while the list was on its way means asking again; a reply
    // that brings nothing newer than the one before ends it, so a lagging server cannot loop.
    fetch: async function load([i], signal, last = -1): Promise<SpendControl[]> {
      const list = await spendControls.history(i, { signal });
      const top = list.at(-1)?.version ?? 0;
      return top > last && top < newest(i) ? load([i], signal, top) : list;
    },
  });
  return state;
}
