import type { StoreSnapshot } from '../store/types';

/**
 * A failed read as plain data: the error's class name, message and own data fields (status, type,
 * traceId, body, request, rule, details…), JSON-safe. Never its `cause` or `stack`: a cause may be a
 * foreign error holding request headers, and a server's stack does not belong in a page.
 */
export interface ErrorRecord {
  /** The class's `name` (`GatewayError`, `NetworkError`…), which `hydrate` maps back to the class. */
  readonly name: string;
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>>;
  /** For a class `hydrate` does not know by name: the nearest one it does (`ApiError`, `Error`…). */
  readonly base?: string;
}

const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` (a snapshot's or a storage's, so untrusted) has the shape of an `ErrorRecord`. */
export const isErrorRecord = (value: unknown): value is ErrorRecord =>
  isFields(value) &&
  typeof value.name === 'string' &&
  typeof value.message === 'string' &&
  isFields(value.fields) &&
  (value.base === undefined || typeof value.base === 'string');

/** What one read came to on the server. Times are the server clock's epoch milliseconds. */
export interface ReadRecord {
  readonly type: string;
  /** The entity's id; for a list, its params as a key (what `observeList` of the same params reads). */
  readonly id: string;
  /** 0 the latest, n >= 1 that historical version, `'history'` the list of every version, `'list'` a list. */
  readonly read: number | 'history' | 'list';
  /** Latest reads and lists: when the service last confirmed them (what `maxAgeMs` measures from). */
  readonly confirmedAt?: number;
  /** When the last read of this key succeeded. */
  readonly settledAt?: number;
  /** A historical version (`read` >= 1), or the history list, oldest first. */
  readonly result?: unknown;
  /** The last read's failure, when it failed. */
  readonly error?: ErrorRecord;
  readonly errorAt?: number;
  /** Lists: the ids of each loaded page, first to last. */
  readonly pages?: readonly (readonly string[])[];
  /** Lists: where the page after the last one starts, when there is one. */
  readonly nextCursor?: string;
  /** Lists: items per page. */
  readonly pageSize?: number;
  /** Lists: ids created after the last page was read. */
  readonly joined?: readonly string[];
}

/**
 * A client's state as JSON, from `dehydrate(client)`: the store's entities and tombstones (the
 * store's own snapshot), and what each read came to. Arrays, not keyed objects, so an id never
 * becomes an object key.
 */
export interface ClientSnapshot {
  readonly format: 'vstore-client/1';
  readonly store: StoreSnapshot;
  readonly reads: readonly ReadRecord[];
}

export const CLIENT_SNAPSHOT_FORMAT = 'vstore-client/1';

/**
 * `hydrate(client, snapshot)` was given something that is not a `dehydrate(client)` snapshot. Nothing was
 * hydrated: the store and the client's reads are as they were.
 */
export class InvalidSnapshotError extends TypeError {
  override name = 'InvalidSnapshotError';
  /** Where in the snapshot the first problem is, e.g. `reads[3].result`. */
  readonly path: string;
  constructor(path: string, problem: string, options?: { cause?: unknown }) {
    super(`hydrate: ${path} ${problem}; pass what dehydrate(client) returned.`, options);
    this.path = path;
  }
}
