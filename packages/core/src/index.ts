// client

// zod, as the resource schemas use it: an app defining its own resources needs no second copy.
export * as z from 'zod';
export type {
  Account,
  AccountClient,
  ApiErrorOptions,
  CallOptions,
  Client,
  ClientOptions,
  ConcurrentUpdateDetails,
  CreateOptions,
  EditMergeInfo,
  EditOptions,
  EditOutcome,
  GetOptions,
  GetToken,
  HttpRequest,
  Money,
  OnConflict,
  PollOptions,
  PollScheduleOptions,
  PollUntilOptions,
  RawResponse,
  RequestInfo,
  ResourceClient,
  ResourceConfig,
  ResourceDefinition,
  ResourcePatch,
  RetryBudgetOptions,
  RetryOptions,
  RuleViolation,
  Send,
  ShapeIssue,
  SpendControl,
  SpendControlInput,
  SupportInfo,
  Task,
  TaskClient,
  TaskStatus,
  UpdateOptions,
  VisibilitySource,
} from './client/index';
export {
  ApiError,
  accountDefinition,
  accountSchema,
  BusinessRuleError,
  ConcurrentUpdateError,
  createClient,
  defineResource,
  EditConflictError,
  GatewayError,
  IdempotencyInProgressError,
  IdempotencyKeyReuseError,
  InvalidUpdateError,
  NetworkError,
  nullable,
  PollTimeoutError,
  parseRetryAfter,
  pollTask,
  pollUntil,
  RateLimitError,
  RequestValidationError,
  ResponseShapeError,
  ResponseTooLargeError,
  redactUrl,
  spendControlDefinition,
  spendControlSchema,
  TaskCancelledError,
  TaskFailedError,
  TERMINAL_TASK_STATUSES,
  taskDefinition,
  taskSchema,
  UnsupportedSchemaVersionError,
} from './client/index';
// cross-tab sharing
export type {
  ChannelConstructor,
  ChannelLike,
  ChannelLocks,
  ChannelLocksOptions,
  CrossTab,
  CrossTabMessage,
  CrossTabOptions,
  LockManagerLike,
  SharedPollClient,
  SharedPollOptions,
} from './crossTab/index';
export { createChannelLocks, createCrossTab, defaultLockManager, pollTaskShared } from './crossTab/index';
export type { VStoreError } from './errors/vstoreError';
// events
export type {
  ClientEvents,
  ClientEventsOptions,
  ConnectionState,
  ConnectOptions,
  EventClientOptions,
  EventIngest,
  EventIngestOptions,
  EventRegistration,
  EventRegistry,
  EventStats,
  IgnoreReason,
  IngestReport,
  SseBackoffOptions,
  SseConnection,
  SseConnectionOptions,
} from './events/index';
export {
  createClientEvents,
  createDefaultEventRegistry,
  createEventIngest,
  createEventRegistry,
  createSseConnection,
  eventsOf,
  getClientEvents,
  parseSchemaMajor,
} from './events/index';
// observers
export type {
  HistoryResource,
  ObserveOptions,
  ObserverResult,
  ReadableResource,
  ReadKind,
  ReadState,
  RequestCache,
  RequestCacheOptions,
  ResourceObserver,
  ResultStatus,
  TaskObserver,
  TaskObserverResult,
  TaskObserverStatus,
  UpdateObserver,
  UpdateResult,
  UpdateStatus,
} from './observers/index';
export { observeHistory, observeResource, observeTask, observeUpdate, readKey } from './observers/index';
// optimistic updates
export type {
  OptimisticApplyOptions,
  OptimisticChange,
  OptimisticHandle,
  OptimisticLayer,
} from './optimistic/index';
export { createOptimisticLayer } from './optimistic/index';
// server rendering
export type { ClientSnapshot, ErrorRecord, ReadRecord } from './ssr/index';
export { dehydrate, hydrate, InvalidSnapshotError, serializeSnapshot } from './ssr/index';
// store
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
} from './store/index';
export { compareTasks, createEntityStore, taskStatusRank } from './store/index';
