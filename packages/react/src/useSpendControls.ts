import type { ListParams, SpendControl } from '@vstore/core';
import type { ListHookOptions, ListHookResult } from './useList';
import { useList } from './useList';
import { useVStoreClient } from './vstoreProvider';

/** Filters of a spend-control list: any of `account_id`, `status`, `interval` (equality). */
export type SpendControlListParams = ListParams &
  Readonly<{ account_id?: string; status?: 'active' | 'paused'; interval?: SpendControl['interval'] }>;

/**
 * Spend controls page by page: `useList(client.spendControls, params, options)`.
 *
 * @example
 * ```tsx
 * import { useSpendControls } from '@vstore/react';
 *
 * function Paused({ accountId }: { accountId: string }) {
 *   const { data } = useSpendControls({ account_id: accountId, status: 'paused' });
 *   return <p>{data.length} paused</p>;
 * }
 * ```
 */
export const useSpendControls = (
  params?: SpendControlListParams,
  options?: ListHookOptions,
): ListHookResult<SpendControl> => useList(useVStoreClient().spendControls, params, options);
