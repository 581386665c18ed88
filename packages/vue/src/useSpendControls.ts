import type { Client, ListParams, SpendControl } from '@vstore/core';
import { useClient } from './createVStore';
import { type ListHookOptions, type ListState, useList } from './useList';
import type { MaybeRefOrGetter } from './vue';

/** Filters of a spend-control list: any of `account_id`, `status`, `interval` (equality). */
export type SpendControlListParams = ListParams &
  Readonly<{ account_id?: string; status?: 'active' | 'paused'; interval?: SpendControl['interval'] }>;

/** Options of `useSpendControls` and `useAccounts`: those of `useList`, and the client. */
export interface UseListOptions extends ListHookOptions {
  /** The client to read with, for use outside a component. @default the one `createVStore` provided */
  client?: Client;
}

/**
 * Spend controls page by page: `useList(client.spendControls, params, options)`.
 *
 * @example
 * ```ts
 * import { useSpendControls } from '@vstore/vue';
 *
 * // in <script setup>
 * const props = defineProps<{ accountId: string }>();
 * const { data } = useSpendControls(() => ({ account_id: props.accountId, status: 'paused' }));
 * ```
 */
export function useSpendControls(
  params?: MaybeRefOrGetter<SpendControlListParams | undefined>,
  options: UseListOptions = {},
): ListState<SpendControl> {
  const { client, ...read } = options;
  return useList(useClient(client).spendControls, params, read);
}
