export { createEntityStore } from './entityStore';
export { compareTasks, taskStatusRank } from './taskOrder';
export type {
  ApplyOutcome,
  Entity,
  EntityOrder,
  EntityStore,
  EntityStoreOptions,
  HydrateResult,
  Origin,
  StoreChange,
  StoreSnapshot,
  Versioned,
} from './types';
