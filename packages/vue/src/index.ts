// An app installs one package: core's whole public API (client, store, errors) comes along.
export * from '@vstore/core';
export { createVStore, useClient, type VStorePlugin } from './createVStore';
export { useEntity } from './useEntity';
export {
  type ResourceOptions,
  type ResourceSource,
  type ResourceState,
  type ResourceStatus,
  useResource,
  useResourceHistory,
} from './useResource';
export { type UseSpendControlOptions, useSpendControl, useSpendControlHistory } from './useSpendControl';
export { type TaskHookStatus, type TaskState, useTask } from './useTask';
export { type MutationStatus, type UpdateResourceState, useUpdateResource } from './useUpdateResource';
export {
  type SpendControlPatch,
  type SpendControlRecipe,
  type UpdateSpendControlState,
  useUpdateSpendControl,
} from './useUpdateSpendControl';
