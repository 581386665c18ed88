import { useEffect, useRef } from './react';
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
  const { spendControls } = useVStoreClient();
  const latest = useEntity<SpendControl>(TYPE, id);
  const request = useRequest(
    id === undefined ? undefined : `${TYPE}\0${id}\0history`,
    (_, signal) => spendControls.history(id as string, { signal }),
    options.suspense,
  );
  const data = request.entry.result as SpendControl[] | undefined;
  // Core lists versions oldest first, so the last one is the newest the list knows.
  const newest = data?.at(-1)?.version ?? 0;
  // A fetch, not a state copy: only the service can say which versions lie between. Never joins a
  // read already in flight (it may predate the newer version), and asks once per (store version,
  // newest listed) pair: again while replies get closer, never twice for a reply that did not.
  const pair =
    data && !request.entry.promise && latest && latest.version > newest && `${latest.version}:${newest}`;
  const asked = useRef<unknown>(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pair` says all the effect needs
  useEffect(() => {
    if (pair && asked.current !== pair) {
      asked.current = pair;
      void request.load();
    }
  }, [pair]);
  return toResult(data, request, options.suspense);
}
