// The public surface of events, cross-tab sharing and optimistic updates; re-exported by src/index.ts.

export type { ChannelLocks, ChannelLocksOptions, LockManagerLike } from '../crossTab/channelLocks';
export { createChannelLocks } from '../crossTab/channelLocks';
export type {
  ChannelConstructor,
  ChannelLike,
  CrossTab,
  CrossTabMessage,
  CrossTabOptions,
} from '../crossTab/crossTab';
export { createCrossTab } from '../crossTab/crossTab';
export { defaultLockManager } from '../crossTab/lockManager';
export type { SharedPollClient, SharedPollOptions } from '../crossTab/pollTaskShared';
export { pollTaskShared } from '../crossTab/pollTaskShared';
export type {
  OptimisticApplyOptions,
  OptimisticChange,
  OptimisticHandle,
  OptimisticLayer,
} from '../optimistic/optimisticLayer';
export { createOptimisticLayer } from '../optimistic/optimisticLayer';
export type { ClientEvents, ClientEventsOptions, ConnectOptions } from './clientEvents';
export { createClientEvents } from './clientEvents';
export { createDefaultEventRegistry, eventsOf } from './defaultEventRegistry';
export type { EventIngest, EventIngestOptions, EventStats, IgnoreReason, IngestReport } from './eventIngest';
export { createEventIngest, parseSchemaMajor } from './eventIngest';
export type { EventRegistration, EventRegistry } from './eventRegistry';
export { createEventRegistry } from './eventRegistry';
export type { SseBackoffOptions } from './sseBackoff';
export type { ConnectionState, SseConnection } from './sseConnection';
export { createSseConnection } from './sseConnection';
export type { SseConnectionOptions } from './sseConnectionOptions';
