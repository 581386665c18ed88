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
  EventClientOptions,
  GetOptions,
  GetToken,
  HttpRequest,
  ListOptions,
  ListPage,
  ListParams,
  Money,
  OnConflict,
  PollOptions,
  PollScheduleOptions,
  PollUntilOptions,
  RawResponse,
  ReadChange,
  ReadInfo,
  ReadKind,
  ReadState,
  RequestInfo,
  ResourceClient,
  ResourceClientOf,
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
  SpendControlUpdateKey,
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
  getClientEvents,
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
  readKey,
  readStates,
  redactUrl,
  spendControlDefinition,
  spendControlSchema,
  TaskCancelledError,
  TaskFailedError,
  TERMINAL_TASK_STATUSES,
  taskDefinition,
  taskSchema,
  UnsupportedSchemaVersionError,
  watchReads,
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
// conflicts as data: what a conflict panel shows (resolveConflict and threeWayDiff below)
export { type EditConflict, editConflictOf } from './errors/editConflictOf';
export type { VStoreError } from './errors/vstoreError';
// events
export type {
  ClientEvents,
  ClientEventsOptions,
  ConnectionState,
  ConnectOptions,
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
  parseSchemaMajor,
} from './events/index';
// observers
export type {
  HistoryResource,
  ListableResource,
  ListObserveOptions,
  ListObserver,
  ListResult,
  ObserveOptions,
  ObserverResult,
  ReadableResource,
  ResourceObserver,
  ResultStatus,
  TaskObserver,
  TaskObserverResult,
  TaskObserverStatus,
  UpdateObserver,
  UpdateObserverOptions,
  UpdateOutbox,
  UpdateResult,
  UpdateStatus,
} from './observers/index';
export {
  observeHistory,
  observeList,
  observeResource,
  observeTask,
  observeUpdate,
} from './observers/index';
// an outbox as a UI shows it (the outbox itself is in `@vstore/core/offline`)
export { EMPTY_OUTBOX_VIEW, type OutboxView, outboxView } from './offline/outboxView';
// optimistic updates
export type {
  OptimisticApplyOptions,
  OptimisticChange,
  OptimisticHandle,
  OptimisticLayer,
} from './optimistic/index';
export { createOptimisticLayer } from './optimistic/index';
// a list's params as one order-free string: what a binding compares, and what lists share a read by
export { paramsKey as listParamsKey } from './resources/listParams';
// conflicts: going on from a choice per field, and the three-way comparison behind them
export {
  type ConflictChoice,
  type ConflictResolution,
  resolveConflict,
} from './resources/resolveConflict';
export { type ThreeWayDiff, threeWayDiff } from './resources/threeWayDiff';
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
