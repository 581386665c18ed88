import type { Client, SpendControl } from '@vstore/core';
import { useClient } from './createVStore';
import { type ResourceState, useResource } from './useResource';
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
      store.subscribe('spend_control', i, () => {
        const list = state.data.value;
        const latest = store.get<SpendControl>('spend_control', i)?.version ?? 0;
        // While the first list is loading it will include this version or be refetched on the next one.
        if (list?.every((item) => item.version < latest)) changed();
      }),
    fetch: ([i], signal) => spendControls.history(i, { signal }),
  });
  return state;
}
