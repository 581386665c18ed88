// Everything public in core, so an app installs and imports one package. This re-exports core's
// public entry (its own explicit list), never core internals.
export * from '@vstore/core';
export type {
  SpendControl,
  SpendControlEditOptions,
  SpendControlPatch,
  SpendControlRecipe,
  Task,
  TaskPollOptions,
} from './types';
export { type AccountListParams, useAccounts } from './useAccounts';
export { useEntity } from './useEntity';
export { type ListHookOptions, type ListHookResult, useList } from './useList';
export { type OutboxResult, type OutboxSource, useOutbox } from './useOutbox';
export {
  type ResourceOptions,
  type ResourceResult,
  type ResourceSource,
  type ResourceStatus,
  useResource,
  useResourceHistory,
} from './useResource';
export { useSpendControl, useSpendControlHistory } from './useSpendControl';
export { type SpendControlListParams, useSpendControls } from './useSpendControls';
export { type TaskHookStatus, type TaskResult, useTask } from './useTask';
export {
  type UpdateResourceOptions,
  type UpdateResourceResult,
  useUpdateResource,
} from './useUpdateResource';
export {
  type MutationStatus,
  type UpdateSpendControlResult,
  useUpdateSpendControl,
} from './useUpdateSpendControl';
export { useVStoreClient, VStoreProvider, type VStoreProviderProps } from './vstoreProvider';
