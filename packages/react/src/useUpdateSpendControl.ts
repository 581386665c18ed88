import type { SpendControlUpdateKey, UpdateStatus } from '@vstore/core';
import type { SpendControl } from './types';
import {
  type UpdateResourceOptions,
  type UpdateResourceResult,
  useUpdateResource,
} from './useUpdateResource';
import { useVStoreClient } from './vstoreProvider';

/** Status of the last write: `idle`, `pending`, `success` or `error`. */
export type MutationStatus = UpdateStatus;
/** What `useUpdateSpendControl` returns: `useUpdateResource` over `client.spendControls`. */
export type UpdateSpendControlResult = UpdateResourceResult<SpendControl, SpendControlUpdateKey>;

/** Writes to spend controls: `useUpdateResource(client.spendControls, options)` (`{ outbox }` included). */
export const useUpdateSpendControl = (options?: UpdateResourceOptions): UpdateSpendControlResult =>
  useUpdateResource(useVStoreClient().spendControls, options);
