import type { Account, ListParams } from '@vstore/core';
import type { ListHookOptions, ListHookResult } from './useList';
import { useList } from './useList';
import { useVStoreClient } from './vstoreProvider';

/** Filters of an account list: `status` (equality). */
export type AccountListParams = ListParams & Readonly<{ status?: string }>;

/**
 * Accounts page by page: `useList(client.accounts, params, options)`. An account whose deletion has
 * completed is not listed by the service, and leaves the list once the store removes it.
 *
 * @example
 * ```tsx
 * import { useAccounts } from '@vstore/react';
 *
 * function AccountNames() {
 *   const { data } = useAccounts();
 *   return <ul>{data.map((a) => <li key={a.account_id}>{a.name}</li>)}</ul>;
 * }
 * ```
 */
export const useAccounts = (params?: AccountListParams, options?: ListHookOptions): ListHookResult<Account> =>
  useList(useVStoreClient().accounts, params, options);
