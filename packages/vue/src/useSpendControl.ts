import type { Client, SpendControl } from '@vstore/core';
import { useClient } from './createVStore';
import { type ResourceState, useResource } from './useResource';
import { type MaybeRefOrGetter, toValue } from './vue';

export interface UseSpendControlOptions {
  /** A historical version (>= 1); omitted or 0 follows the latest. */
  version?: MaybeRefOrGetter<number | undefined>;
  /**
   * Skip the request when the store's copy was confirmed within this many ms (passed to the client).
   * @default undefined (ask the server every time the id changes or the composable starts)
   */
  maxAgeMs?: number;
  client?: Client;
}

export const TYPE = 'spend_control';

/**
 * One spend control. The latest follows the store, so any reply, event or other tab that brings a
 * newer version updates it, and nothing else does; a historical version never changes.
 */
export function useSpendControl(
  id: MaybeRefOrGetter<string | undefined>,
  options: UseSpendControlOptions = {},
): ResourceState<SpendControl> {
  const { client, version, ...get } = options;
  const { store, spendControls } = useClient(client);
  return useResource<SpendControl, [string, number]>([id, () => toValue(version) ?? 0], {
    // A historical version never changes, so its reply stands in when the store's history is full.
    read: ([i, v], reply) => (v ? (store.getVersion<SpendControl>(TYPE, i, v) ?? reply) : store.get(TYPE, i)),
    subscribe: ([i, v], changed) => (v ? () => {} : store.subscribe(TYPE, i, changed)),
    // core applies maxAgeMs to latest reads only: a historical version never changes, so it is cached.
    fetch: ([i, v], signal) => spendControls.get(i, { ...get, version: v, signal }),
  });
}
