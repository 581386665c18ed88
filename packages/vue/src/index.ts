// An app installs one package: core's whole public API (client, store, errors) comes along.
export * from '@vstore/core';
export { createVStore, useClient, type VStorePlugin } from './createVStore';
export { useEntity } from './useEntity';
export {
  type ResourceInputs,
  type ResourceSource,
  type ResourceState,
  type ResourceStatus,
  useResource,
} from './useResource';
export { type UseSpendControlOptions, useSpendControl } from './useSpendControl';
export { useSpendControlHistory } from './useSpendControlHistory';
export { type TaskHookStatus, type TaskState, useTask } from './useTask';
export {
  type MutationStatus,
  type SpendControlPatch,
  type SpendControlRecipe,
  type UpdateSpendControlState,
  useUpdateSpendControl,
} from './useUpdateSpendControl';
