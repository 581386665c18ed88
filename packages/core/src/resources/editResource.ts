import type { Draft, Patch } from 'immer';
import { catchError, defer, from, map, type Observable, of, switchMap, throwError } from 'rxjs';
import { ConcurrentUpdateError } from '../errors/apiError';
import { EditConflictError } from '../errors/clientErrors';
import type { ResourceDefinition } from './defineResource';
import { answerLost, reconcileWrite } from './reconcileWrite';
import type { ResourceOps, ResourcePatch } from './resourceClient';
import { threeWay } from './threeWay';

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

/** Top-level fields touched by the patches that are valid for update, in first-touched order. */
export function changedFields(patches: readonly Patch[], updatable: readonly string[]): string[] {
  const allowed = new Set(updatable);
  const fields = new Set<string>();
  for (const patch of patches) {
    const field = patch.path[0];
    if (typeof field === 'string' && allowed.has(field)) fields.add(field);
  }
  return [...fields];
}

type Immer = typeof import('./immerRecipe');
let immer: Immer | undefined;
let loading: Promise<Immer> | undefined;

/**
 * immer, loaded when a recipe first runs, so that with code splitting an app's first chunk does
 * not carry it. Resolves at once (a resolved promise) once loaded.
 */
export function loadImmer(): Promise<Immer> {
  if (immer) return Promise.resolve(immer);
  loading ??= import('./immerRecipe').then((module) => {
    immer = module;
    return module;
  });
  return loading;
}

const NO_CHANGE: EditMergeInfo = { merged: [], conflicts: [] };
const versionOf = (entity: object) => (entity as { version?: unknown }).version;

/**
 * `edit` as an Observable: base → recipe → PATCH of the changed update-valid fields (a nested
 * change sends the whole top-level field). A newer latest state than the base is compared three
 * ways (base, the recipe's result, theirs); `'abort'` stops at a real conflict, otherwise the recipe
 * runs again over theirs. A 409 reads the latest and goes again, at most `maxAttempts` PATCHes; a
 * PATCH whose answer was lost is settled by a read, never sent blindly again.
 */
export function editResource<TEntity extends object, TUpdateKey extends string, TCreate>(
  def: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
  ops: ResourceOps<TEntity, TUpdateKey, TCreate>,
  id: string,
  recipe: (draft: Draft<TEntity>) => void,
  options: Omit<EditOptions<TEntity>, 'signal'> = {},
  held: () => TEntity | undefined = () => undefined,
): Observable<TEntity> {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 3));
  const mode = options.onConflict ?? 'rebase';
  const call = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  // After a conflict, an identical GET in flight may predate the competing write: never join it.
  const fresh = { maxAgeMs: 0, shared: false, ...call };

  const run = ({ produceWithPatches }: Immer): Observable<TEntity> => {
    const produce = (state: TEntity) => {
      const [next, patches] = produceWithPatches(state, recipe as (draft: Draft<TEntity>) => void);
      return { next: next as TEntity, fields: changedFields(patches, def.updatable) };
    };
    // The PATCH carries no version, so the service only detects writes that overlap it in time. So
    // the recipe's result is always sent over the latest state, and with a base older than the
    // latest, what changed in between is compared before anything is sent.
    const start$ = (): Observable<{ base: TEntity; latest$: Observable<TEntity> }> => {
      const copy = options.baseVersion !== undefined || mode === 'abort' ? held() : undefined;
      if (options.baseVersion !== undefined && (!copy || versionOf(copy) !== options.baseVersion))
        return ops
          .get$(id, { version: options.baseVersion, ...call })
          .pipe(map((base) => ({ base, latest$: ops.get$(id, call) })));
      if (copy) return of({ base: copy, latest$: ops.get$(id, call) });
      return ops.get$(id, call).pipe(map((base) => ({ base, latest$: of(base) })));
    };

    return start$().pipe(
      switchMap(({ base, latest$ }) => {
        const mine = produce(base);
        const compare = (latest: TEntity): EditMergeInfo => {
          if (latest === base || versionOf(latest) === versionOf(base)) return NO_CHANGE;
          const { merged, conflicts } = threeWay(
            base as Record<string, unknown>,
            mine.next as Record<string, unknown>,
            latest as Record<string, unknown>,
            def.updatable,
          );
          return { merged, conflicts };
        };
        const settle = (
          entity: TEntity,
          result: EditOutcome<TEntity>['result'],
          info: EditMergeInfo,
          attempts: number,
          fields: readonly string[],
        ) => {
          options.onOutcome?.({
            entity,
            base,
            result,
            attempts,
            fields,
            merged: info.merged,
            conflicts: info.conflicts,
          });
          return entity;
        };

        const attempt = (latest: TEntity, info: EditMergeInfo, n: number): Observable<TEntity> => {
          if (mode === 'abort' && info.conflicts.length > 0)
            return throwError(
              () =>
                new EditConflictError(def.type, id, info.conflicts, {
                  base,
                  mine: mine.next,
                  theirs: latest,
                }),
            );
          const { next, fields } = latest === base ? mine : produce(latest);
          if (fields.length === 0) return of(settle(latest, 'unchanged', info, n - 1, []));
          const patch: Record<string, unknown> = {};
          for (const field of fields) patch[field] = (next as Record<string, unknown>)[field];
          return ops.update$(id, patch as ResourcePatch<TEntity, TUpdateKey>, call).pipe(
            map((saved) => settle(saved, 'saved', info, n, fields)),
            catchError((error: unknown) => {
              if (error instanceof ConcurrentUpdateError && n < maxAttempts) {
                return ops.get$(id, fresh).pipe(
                  switchMap((newer) => {
                    const again = compare(newer);
                    if (mode === 'rebase' || again.conflicts.length === 0)
                      options.onRetry?.(newer, n + 1, again);
                    return attempt(newer, again, n + 1);
                  }),
                );
              }
              if (!answerLost(error)) return throwError(() => error);
              const baseVersion = versionOf(latest);
              return reconcileWrite({
                error,
                patch,
                baseVersion: typeof baseVersion === 'number' ? baseVersion : undefined,
                read$: ops.get$(id, fresh),
              }).pipe(map((landed) => settle(landed, 'reconciled', info, n, fields)));
            }),
          );
        };

        return latest$.pipe(switchMap((latest) => attempt(latest, compare(latest), 1)));
      }),
    );
  };

  return defer(() => (immer ? run(immer) : from(loadImmer()).pipe(switchMap(run))));
}
