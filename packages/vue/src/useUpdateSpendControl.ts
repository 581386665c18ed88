import type { Client, SpendControl } from '@vstore/core';
import { useClient } from './createVStore';
import { type UpdateResourceState, useUpdateResource } from './useUpdateResource';

type SpendControls = Client['spendControls'];
export type SpendControlPatch = Parameters<SpendControls['update']>[1];
export type SpendControlRecipe = Parameters<SpendControls['edit']>[1];
export type UpdateSpendControlState = UpdateResourceState<
  SpendControl,
  'name' | 'status' | 'limit' | 'interval'
>;

/** Writes to spend controls: `useUpdateResource(client.spendControls)`. */
export const useUpdateSpendControl = (options: { client?: Client } = {}): UpdateSpendControlState =>
  useUpdateResource(useClient(options.client).spendControls);
