import { useEffect } from './react';
import type { SpendControl } from './types';
import { useEntity } from './useEntity';
import { type ResourceOptions, type ResourceResult, toResult, useRequest, useResource } from './useResource';
import { useVStoreClient } from './vstoreProvider';

const TYPE = 'spend_control';

/** One spend control: the latest (following the store), or a historical `version`. */
export function useSpendControl(
  id: string | undefined,
  options?: ResourceOptions,
): ResourceResult<SpendControl> {
  return useResource<SpendControl>(useVStoreClient().spendControls, id, options);
}

/** Every version of a spend control, oldest first; refetched when a newer latest version arrives. */
export function useSpendControlHistory(
  id: string | undefined,
  options: Pick<ResourceOptions, 'suspense'> = {},
): ResourceResult<SpendControl[]> {
  const { spendControls, store } = useVStoreClient();
  const latest = useEntity<SpendControl>(TYPE, id);
  const request = useRequest(
    id === undefined ? undefined : `${TYPE}\0${id}\0history`,
    async (_, signal) => ({
      list: await spendControls.history(id as string, { signal }),
      // The store's version as the reply landed, which core's history caught up with (undefined
      // only for a removed control, which asks nothing more).
      at: store.get<SpendControl>(TYPE, id as string)?.version,
    }),
    options.suspense,
  );
  const result = request.entry.result as { list: SpendControl[]; at?: number } | undefined;
  // Only the service can say which versions lie between, so a version that arrived after the reply
  // asks again, once: a read in flight is never joined (it may predate that version).
  const ahead =
    result && !request.entry.promise && latest && latest.version > (result.at as number) && latest.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ahead` says all the effect needs
  useEffect(() => {
    if (ahead) void request.load();
  }, [ahead]);
  return toResult(result?.list, request, options.suspense);
}
