// Server rendering: a client's state as JSON for the page, and back into the browser's client.

export type { ClientSnapshot, ErrorRecord, ReadRecord } from './clientSnapshot';
export { InvalidSnapshotError } from './clientSnapshot';
export { dehydrate } from './dehydrate';
export { hydrate } from './hydrate';
export { serializeSnapshot } from './serializeSnapshot';
