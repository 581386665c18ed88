/** How an edit meets a concurrent writer's change to a field its recipe also changes. */
export type OnConflict = 'rebase' | 'abort';

/** Which fields another writer changed since the edit's base, and how the edit met them. */
export interface EditMergeInfo {
  /** Fields they changed that the edit keeps as they are (the recipe leaves them alone, or agrees). */
  readonly merged: readonly string[];
  /**
   * Fields both changed to different values. With `'rebase'` the recipe ran again over theirs (its
   * value is sent); with `'abort'` a non-empty list ends the edit with `EditConflictError` instead.
   */
  readonly conflicts: readonly string[];
}

/** How an edit ended, for a UI that says more than "saved". `edit` itself resolves with `entity`. */
export interface EditOutcome<TEntity> extends EditMergeInfo {
  /** What `edit` resolves with. */
  readonly entity: TEntity;
  /** The state the recipe first ran on. */
  readonly base: TEntity;
  /**
   * `'saved'`: the service answered the PATCH. `'unchanged'`: the recipe changed nothing, nothing was
   * sent. `'reconciled'`: the PATCH's answer was lost (5xx, dropped connection) and a read showed the
   * change in place, so `entity` is that read.
   */
  readonly result: 'saved' | 'unchanged' | 'reconciled';
  /** PATCHes sent. */
  readonly attempts: number;
  /** Fields of the last PATCH (none when unchanged). */
  readonly fields: readonly string[];
}

/** Options of `edit`: attempts, what a conflict does, the base version, and progress callbacks. */
export interface EditOptions<TEntity> {
  /** PATCHes in all, the first included; each conflict costs one. @default 3 */
  maxAttempts?: number;
  /**
   * What to do when another writer changed a field that the recipe also changes, to another value,
   * since the edit's base. `'rebase'` runs the recipe again over their state: right for a relative
   * change (`+= 100`). `'abort'` rejects with `EditConflictError` and sends nothing more: right for a
   * form that sets absolute values. Changes to other fields merge either way.
   * @default 'rebase'
   */
  onConflict?: OnConflict;
  /**
   * The version the user's form was opened on. The edit's base is then that version (from the
   * history cache, or read with `?version=`), compared with the latest before anything is sent: the
   * service reports a 409 only for writes that overlap in time. Without it, the base is the store's
   * copy (`'abort'`, when one is held) or a fresh read.
   */
  baseVersion?: number;
  /**
   * Called after a `ConcurrentUpdateError`, with the latest state just read, the number of the
   * attempt about to run (2, 3, …) and which fields were merged or conflicted, before the recipe
   * runs again. Not called when `'abort'` ends the edit.
   */
  onRetry?: (latest: TEntity, attempt: number, info: EditMergeInfo) => void;
  /** Called once with how the edit ended, just before it resolves. */
  onOutcome?: (outcome: EditOutcome<TEntity>) => void;
  /** Aborts the edit: the request in flight and any attempt not yet sent. */
  signal?: AbortSignal;
  /** Timeout of each attempt of each request. @default the client's `retry.timeoutMs` */
  timeoutMs?: number;
}

/** The store's copies an edit may start from, as its client sees them. */
export interface EditCopies<TEntity> {
  /** The store's copy, whatever its age (`'abort'` and `baseVersion` compare it with the latest). */
  held(): TEntity | undefined;
  /** The store's copy when the service confirmed it within the client's `maxAgeMs`, else nothing. */
  fresh(): TEntity | undefined;
}
