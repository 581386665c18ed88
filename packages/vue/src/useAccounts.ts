import type { Account, ListParams } from '@vstore/core';
import { useClient } from './createVStore';
import type { ListState } from './useList';
import { useList } from './useList';
import type { UseListOptions } from './useSpendControls';
import type { MaybeRefOrGetter } from './vue';

/** Filters of an account list: `status` (equality). */
export type AccountListParams = ListParams & Readonly<{ status?: string }>;

/**
 * Accounts page by page: `useList(client.accounts, params, options)`. An account whose deletion has
 * completed is not listed by the service, and leaves the list once the store removes it.
 *
 * @example
 * ```ts
 * import { useAccounts } from '@vstore/vue';
 *
 * // in <script setup>
 * const { data: accounts, status } = useAccounts();
 * // template: <li v-for="a in accounts" :key="a.account_id">{{ a.name }}</li>
 * ```
 */
export function useAccounts(
  params?: MaybeRefOrGetter<AccountListParams | undefined>,
  options: UseListOptions = {},
): ListState<Account> {
  const { client, ...read } = options;
  return useList(useClient(client).accounts, params, read);
}
