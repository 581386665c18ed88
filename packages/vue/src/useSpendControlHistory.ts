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
  const state: ResourceState<SpendControl[]> = useResource<SpendControl[], [string]>([id], {
    subscribe: ([i], changed) =>
      store.subscribe(TYPE, i, () => {
        // While no list is held, the read in flight catches up itself (core's `history`).
        const newest = store.get<SpendControl>(TYPE, i)?.version ?? 0;
        if (state.data.value?.every((item) => item.version < newest)) changed();
      }),
    fetch: ([i], signal) => spendControls.history(i, { signal }),
  });
  return state;
}
