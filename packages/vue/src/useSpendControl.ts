import type { Client, SpendControl } from '@vstore/core';
import { useClient } from './createVStore';
import { type ResourceOptions, type ResourceState, useResource, useResourceHistory } from './useResource';
import type { MaybeRefOrGetter } from './vue';

/** Options of `useSpendControl`: those of `useResource`, and the client. */
export interface UseSpendControlOptions extends ResourceOptions {
  /** The client to read with, for use outside a component. @default the one `createVStore` provided */
  client?: Client;
}

/** One spend control: `useResource(client.spendControls, id, options)`. */
export function useSpendControl(
  id: MaybeRefOrGetter<string | undefined>,
  options: UseSpendControlOptions = {},
): ResourceState<SpendControl> {
  const { client, ...read } = options;
  return useResource(useClient(client).spendControls, id, read);
}

/** Every version of a spend control, oldest first: `useResourceHistory(client.spendControls, id)`. */
export const useSpendControlHistory = (
  id: MaybeRefOrGetter<string | undefined>,
  options: { client?: Client; suspense?: boolean } = {},
): ResourceState<SpendControl[]> => {
  const { client, ...read } = options;
  return useResourceHistory(useClient(client).spendControls, id, read);
};
