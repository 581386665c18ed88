import { catchError, defer, map, type Observable, throwError } from 'rxjs';
import { ApiError, NetworkError } from '../errors/apiError';
import { sentence } from '../errors/errorFromResponse';
import { sameContent } from '../store/sameContent';
import type { AttemptOptions, ResourceOps, ResourcePatch } from './resourceOps';

/**
 * Whether a write's failure leaves its outcome open: no answer came (a network error or timeout),
 * or the service answered 5xx, which it may do after the write committed.
 */
function answerLost(error: unknown): error is ApiError {
  return error instanceof NetworkError ? !error.notApplied : error instanceof ApiError && error.status >= 500;
}

interface ReconcileOptions<TEntity> {
  /** The write's failure; `answerLost(error)` holds. */
  error: ApiError;
  /** The fields the write sent. */
  patch: Readonly<Record<string, unknown>>;
  /**
   * Version of the state the write was made on (0: none was held, so any version is newer);
   * undefined for a resource without versions, where the fields alone decide.
   */
  baseVersion: number | undefined;
  /** A fresh read of the latest state (never served from the store, never joining an older read). */
  read$: Observable<TEntity>;
}

/**
 * Settles a write whose answer was lost, without sending it again: reads the latest state and
 * resolves with it when it is newer than the write's base and carries every field of the patch,
 * i.e. the write (or one with the same effect) landed. Otherwise fails with the original error,
 * marked `outcomeUnknown`, its message saying so.
 */
export function reconcileWrite<TEntity extends object>(
  options: ReconcileOptions<TEntity>,
): Observable<TEntity> {
  const { error, patch, baseVersion } = options;
  return options.read$.pipe(
    catchError((readError: unknown) => {
      const why = readError instanceof Error ? readError.name : 'an error';
      throw markOutcomeUnknown(error, `reading the latest state failed too (${why})`);
    }),
    map((latest) => {
      const version = (latest as { version?: unknown }).version;
      // Without versions on either side (a resource declared `versioned: false`), the fields decide.
      const newer =
        typeof version === 'number'
          ? baseVersion === undefined || version > baseVersion
          : baseVersion === undefined || baseVersion === 0;
      if (!newer)
        throw markOutcomeUnknown(error, 'the latest state is no newer than the one the write was made on');
      const missing = Object.keys(patch).filter(
        (field) => !sameContent((latest as Record<string, unknown>)[field], patch[field]),
      );
      if (missing.length > 0)
        throw markOutcomeUnknown(error, `the latest state does not carry ${missing.join(', ')} as sent`);
      return latest;
    }),
  );
}

/**
 * The original error, told that its write's outcome is unknown: `outcomeUnknown` set, the message
 * (and the stack's first line) amended. The same object, so `instanceof` and every field still hold.
 */
function markOutcomeUnknown(error: ApiError, why: string): ApiError {
  const before = error.message;
  const message =
    `${sentence(before)} The outcome of this write is unknown: its answer was lost and ${why}. ` +
    'It may or may not have been applied: read the latest state before deciding to send it again.';
  Object.defineProperty(error, 'message', { value: message, writable: true, configurable: true });
  Object.defineProperty(error, 'outcomeUnknown', { value: true, enumerable: true, configurable: true });
  if (typeof error.stack === 'string' && error.stack.includes(before)) {
    Object.defineProperty(error, 'stack', {
      value: error.stack.replace(before, message),
      writable: true,
      configurable: true,
    });
  }
  return error;
}

/**
 * What a failed write of `patch`, made on `base` (undefined: none was held), ends in: for a lost
 * answer, the latest state read with `read$` if the write landed (see `reconcileWrite`); for any
 * other failure, `error` itself. Shared by `update` and `edit`.
 */
export function settleFailedWrite<TEntity extends object>(
  error: unknown,
  patch: Readonly<Record<string, unknown>>,
  base: object | undefined,
  read$: () => Observable<TEntity>,
): Observable<TEntity> {
  if (!answerLost(error)) return throwError(() => error);
  const version = base === undefined ? 0 : (base as { version?: unknown }).version;
  return reconcileWrite({
    error,
    patch,
    baseVersion: typeof version === 'number' ? version : undefined,
    read$: read$(),
  });
}

/** Options of `update`: those of every call, and a callback for an answer that was lost. */
export interface UpdateOptions<TEntity> extends AttemptOptions {
  /** Aborts the call: the request in flight and every pending wait. */
  signal?: AbortSignal;
  /**
   * Called when the PATCH's answer was lost (a 5xx, a dropped connection) but a read showed the
   * change in place; `update` then resolves with that read. Without a held copy to compare with,
   * any version that carries every field of the patch counts.
   */
  onReconciled?: (latest: TEntity, lost: ApiError) => void;
}

/** `update` with a lost answer settled by a read (see `reconcileWrite`); never resent blindly. */
export function reconciledUpdate$<TEntity extends object, TUpdateKey extends string, TCreate>(
  ops: ResourceOps<TEntity, TUpdateKey, TCreate>,
  id: string,
  patch: ResourcePatch<TEntity, TUpdateKey>,
  { onReconciled, ...options }: Omit<UpdateOptions<TEntity>, 'signal'>,
  held: () => TEntity | undefined,
): Observable<TEntity> {
  return defer(() => {
    const copy = held();
    return ops.update$(id, patch, options).pipe(
      catchError((error: unknown) =>
        settleFailedWrite(error, patch as Record<string, unknown>, copy, () => ops.latest$(id, options)).pipe(
          // Only a lost answer reaches a value, so `error` is the ApiError that lost it.
          map((latest) => {
            onReconciled?.(latest, error as ApiError);
            return latest;
          }),
        ),
      ),
    );
  });
}
