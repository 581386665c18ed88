import type { SpendControl } from './types';
import { type ResourceOptions, type ResourceResult, useResource, useResourceHistory } from './useResource';
import { useVStoreClient } from './vstoreProvider';

/** One spend control: the latest (following the store), or a historical `version`. */
export const useSpendControl = (
  id: string | undefined,
  options?: ResourceOptions,
): ResourceResult<SpendControl> => useResource(useVStoreClient().spendControls, id, options);

/** Every version of a spend control, oldest first; asked again when a newer latest version arrives. */
export const useSpendControlHistory = (
  id: string | undefined,
  options?: Pick<ResourceOptions, 'suspense'>,
): ResourceResult<SpendControl[]> => useResourceHistory(useVStoreClient().spendControls, id, options);
