// The public surface of optimistic updates; re-exported by src/index.ts.
export type {
  OptimisticApplyOptions,
  OptimisticChange,
  OptimisticHandle,
  OptimisticLayer,
} from './optimisticLayer';
export { createOptimisticLayer } from './optimisticLayer';
