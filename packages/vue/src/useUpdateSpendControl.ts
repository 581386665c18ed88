import type { Client, SpendControl, SpendControlUpdateKey } from '@vstore/core';
import { useClient } from './createVStore';
import { type UpdateResourceOptions, type UpdateResourceState, useUpdateResource } from './useUpdateResource';

type SpendControls = Client['spendControls'];
/** The fields `mutate` may send to a spend control: `name`, `status`, `limit`, `interval`. */
export type SpendControlPatch = Parameters<SpendControls['update']>[1];
/** An immer recipe over a spend control's latest state, for `edit`. */
export type SpendControlRecipe = Parameters<SpendControls['edit']>[1];
/** What `useUpdateSpendControl` returns: `useUpdateResource` over `client.spendControls`. */
export type UpdateSpendControlState = UpdateResourceState<SpendControl, SpendControlUpdateKey>;

/** Writes to spend controls: `useUpdateResource(client.spendControls, options)` (`{ outbox }` included). */
export const useUpdateSpendControl = (
  options: UpdateResourceOptions & { client?: Client } = {},
): UpdateSpendControlState => useUpdateResource(useClient(options.client).spendControls, options);
