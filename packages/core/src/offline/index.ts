// `@vstore/core/offline`: writes kept until they land (the outbox) and reads that survive a reload.
// A subpath of its own, so only apps that import it pay for it.

export { createOutbox } from './createOutbox';
export { indexedDbStorage } from './indexedDbStorage';
export type { Outbox, OutboxOptions, OutboxResource } from './outbox';
export type { OutboxConflict, OutboxEntry, OutboxStatus } from './outboxEntry';
export type { OutboxStorage } from './outboxStorage';
export { memoryStorage } from './outboxStorage';
export { OutboxStorageError } from './outboxStorageError';
export { EMPTY_OUTBOX_VIEW, type OutboxView, outboxView } from './outboxView';
export type { PersistOptions } from './persistStore';
export { persistStore } from './persistStore';
