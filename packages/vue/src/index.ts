// An app installs one package: core's whole public API (client, store, errors) comes along.
export * from '@vstore/core';
export { createVStore, useClient, type VStorePlugin } from './createVStore';
export { type AccountListParams, useAccounts } from './useAccounts';
export { useEntity } from './useEntity';
export { type ListHookOptions, type ListState, useList } from './useList';
export { type OutboxSource, type OutboxState, useOutbox } from './useOutbox';
export {
  type ResourceOptions,
  type ResourceSource,
  type ResourceState,
  type ResourceStatus,
  useResource,
  useResourceHistory,
} from './useResource';
export { type UseSpendControlOptions, useSpendControl, useSpendControlHistory } from './useSpendControl';
export { type SpendControlListParams, type UseListOptions, useSpendControls } from './useSpendControls';
export { type TaskHookStatus, type TaskPollOptions, type TaskState, useTask } from './useTask';
export {
  type MutationStatus,
  type UpdateResourceOptions,
  type UpdateResourceState,
  useUpdateResource,
} from './useUpdateResource';
export {
  type SpendControlPatch,
  type SpendControlRecipe,
  type UpdateSpendControlState,
  useUpdateSpendControl,
} from './useUpdateSpendControl';
