// The public surface of events; re-exported by src/index.ts.

export type { ClientEvents, ClientEventsOptions, ConnectOptions } from './clientEvents';
export { createClientEvents } from './clientEvents';
export { createDefaultEventRegistry, eventsOf } from './defaultEventRegistry';
export type { EventIngest, EventIngestOptions, EventStats, IgnoreReason, IngestReport } from './eventIngest';
export { createEventIngest, parseSchemaMajor } from './eventIngest';
export type { EventRegistration, EventRegistry } from './eventRegistry';
export { createEventRegistry } from './eventRegistry';
export type { SseBackoffOptions } from './sseBackoff';
export { createSseConnection } from './sseConnection';
export type { ConnectionState, SseConnection, SseConnectionOptions } from './sseConnectionOptions';
