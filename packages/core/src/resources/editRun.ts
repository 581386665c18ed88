import type { Draft, Patch } from 'immer';
import { catchError, map, type Observable, switchMap, throwError } from 'rxjs';
import { ConcurrentUpdateError } from '../errors/apiError';
import { EditConflictError } from '../errors/editConflictError';
import { just } from '../http/just';
import type { ResourceDefinition } from './defineResource';
import type { EditCopies, EditMergeInfo, EditOptions, EditOutcome } from './editOptions';
import { produceWithPatches } from './immerRecipe';
import { settleFailedWrite } from './reconcileWrite';
import type { ResourceOps, ResourcePatch } from './resourceOps';
import { threeWay } from './threeWay';

// The body of `edit`, loaded with immer (./immerRecipe) by a dynamic import when a recipe first runs:
// with code splitting, an app's first chunk carries neither immer nor the three-way merge.

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

/**
 * The update a recipe makes of `base`: the update-valid fields it changed, with their new values (a
 * nested change sends the whole top-level field). For writes that do not go out at once (an outbox).
 */
export function recipePatch<TEntity extends object>(
  def: Pick<ResourceDefinition<TEntity>, 'updatable'>,
  base: TEntity,
  recipe: (draft: Draft<TEntity>) => void,
): Record<string, unknown> {
  const [next, patches] = produceWithPatches(base, recipe as (draft: Draft<TEntity>) => void);
  const patch: Record<string, unknown> = {};
  for (const field of changedFields(patches, def.updatable))
    patch[field] = (next as Record<string, unknown>)[field];
  return patch;
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
export function editRun<TEntity extends object, TUpdateKey extends string, TCreate>(
  def: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
  ops: ResourceOps<TEntity, TUpdateKey, TCreate>,
  id: string,
  recipe: (draft: Draft<TEntity>) => void,
  options: Omit<EditOptions<TEntity>, 'signal'>,
  copies: EditCopies<TEntity>,
): Observable<TEntity> {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 3));
  const mode = options.onConflict ?? 'rebase';
  const call = { timeoutMs: options.timeoutMs };

  const produce = (state: TEntity) => {
    const [next, patches] = produceWithPatches(state, recipe as (draft: Draft<TEntity>) => void);
    return { next: next as TEntity, fields: changedFields(patches, def.updatable) };
  };
  // The PATCH carries no version, so the service only detects writes that overlap it in time. So
  // the recipe's result is always sent over the latest state, and with a base older than the
  // latest, what changed in between is compared before anything is sent.
  const start$ = (): Observable<{ base: TEntity; latest$: Observable<TEntity> }> => {
    const copy = options.baseVersion !== undefined || mode === 'abort' ? copies.held() : undefined;
    if (options.baseVersion !== undefined && (!copy || versionOf(copy) !== options.baseVersion))
      return ops
        .version$(id, options.baseVersion, call)
        .pipe(map((base) => ({ base, latest$: ops.latest$(id, call) })));
    if (copy) return just({ base: copy, latest$: ops.latest$(id, call) });
    const current = copies.fresh();
    if (current) return just({ base: current, latest$: just(current) });
    return ops.latest$(id, call).pipe(map((base) => ({ base, latest$: just(base) })));
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
        if (fields.length === 0) return just(settle(latest, 'unchanged', info, n - 1, []));
        const patch: Record<string, unknown> = {};
        for (const field of fields) patch[field] = (next as Record<string, unknown>)[field];
        return ops.update$(id, patch as ResourcePatch<TEntity, TUpdateKey>, call).pipe(
          map((saved) => settle(saved, 'saved', info, n, fields)),
          catchError((error: unknown) => {
            if (error instanceof ConcurrentUpdateError && n < maxAttempts) {
              return ops.latest$(id, call).pipe(
                switchMap((newer) => {
                  const again = compare(newer);
                  if (mode === 'rebase' || again.conflicts.length === 0)
                    options.onRetry?.(newer, n + 1, again);
                  return attempt(newer, again, n + 1);
                }),
              );
            }
            return settleFailedWrite(error, patch, latest, () => ops.latest$(id, call)).pipe(
              map((landed) => settle(landed, 'reconciled', info, n, fields)),
            );
          }),
        );
      };

      return latest$.pipe(switchMap((latest) => attempt(latest, compare(latest), 1)));
    }),
  );
}
