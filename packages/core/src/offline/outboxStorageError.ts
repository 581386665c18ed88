/**
 * The outbox's storage could not open, read or write (no IndexedDB, a quota, a private window that
 * refuses storage). Nothing was dropped: a write that could not be stored was not accepted, and what
 * was stored before stays. Not an `ApiError`: no request was made.
 */
export class OutboxStorageError extends Error {
  override name = 'OutboxStorageError';
  /** What the outbox was doing: `open`, `read`, `write` or `delete`. */
  readonly operation: 'open' | 'read' | 'write' | 'delete';
  constructor(operation: OutboxStorageError['operation'], cause: unknown) {
    const why = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super(
      `The outbox could not ${operation} its storage (${why}). Nothing was dropped; check that the ` +
        'browser allows storage for this site (IndexedDB, quota) and try again.',
      { cause },
    );
    this.operation = operation;
  }
}
