// Request state as observers: the one layer that React, Vue and plain code subscribe to.

export { observeHistory } from './observeHistory';
export type { ListableResource, ListObserveOptions, ListObserver, ListResult } from './observeList';
export { observeList } from './observeList';
export type {
  HistoryResource,
  ObserveOptions,
  ObserverResult,
  ReadableResource,
  ResourceObserver,
  ResultStatus,
} from './observeResource';
export { observeResource } from './observeResource';
export type { TaskObserver, TaskObserverResult, TaskObserverStatus } from './observeTask';
export { observeTask } from './observeTask';
export type {
  UpdateObserver,
  UpdateObserverOptions,
  UpdateOutbox,
  UpdateResult,
  UpdateStatus,
} from './observeUpdate';
export { observeUpdate } from './observeUpdate';
