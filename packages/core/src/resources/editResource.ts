import { type Draft, enablePatches, type Patch, produceWithPatches } from 'immer';
import { defer, type Observable, of, retry, switchMap, tap, throwError } from 'rxjs';
import { ConcurrentUpdateError } from '../errors/apiError';
import type { ResourceDefinition } from './defineResource';
import type { ResourceOps, ResourcePatch } from './resourceClient';

export interface EditOptions<TEntity> {
  /** Attempts in all, the first included; each conflict costs one. @default 3 */
  maxAttempts?: number;
  /**
   * Called after a `ConcurrentUpdateError`, with the latest state just fetched and the number of
   * the attempt about to run (2, 3, …), before the recipe runs again. Lets a UI say "your change was
   * re-applied over someone else's". The recipe itself decides whether the change is still needed:
   * if it changes nothing on the new state, nothing is sent.
   */
  onRetry?: (latest: TEntity, attempt: number) => void;
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

/**
 * `edit` as an Observable: recipe over the latest state → PATCH of the changed update-valid fields
 * (a nested change sends the whole top-level field) → on a concurrent-update conflict, refetch and
 * go again, at most `maxAttempts` times in all.
 */
export function editResource<TEntity extends object, TUpdateKey extends string, TCreate>(
  def: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
  ops: ResourceOps<TEntity, TUpdateKey, TCreate>,
  id: string,
  recipe: (draft: Draft<TEntity>) => void,
  options: Omit<EditOptions<TEntity>, 'signal'> = {},
): Observable<TEntity> {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 3));
  return defer(() => {
    let attempt = 0;
    return defer(() => {
      enablePatches();
      attempt++;
      // The PATCH carries no version, so the service only detects writes that overlap it: a recipe
      // run on an old copy would silently undo what others wrote since. So every attempt starts from
      // the service's latest; only the first may use a copy confirmed within the client's maxAgeMs.
      // After a conflict, an identical GET in flight may predate the competing write: never join it.
      const call = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
      const base$ = ops.get$(id, attempt === 1 ? call : { maxAgeMs: 0, shared: false, ...call });
      return base$.pipe(
        tap((latest) => {
          if (attempt > 1) options.onRetry?.(latest, attempt);
        }),
        switchMap((base) => {
          const [next, patches] = produceWithPatches(base, recipe as (draft: Draft<TEntity>) => void);
          const fields = changedFields(patches, def.updatable);
          if (fields.length === 0) return of(base);
          const patch: Record<string, unknown> = {};
          for (const field of fields) patch[field] = (next as Record<string, unknown>)[field];
          return ops.update$(id, patch as ResourcePatch<TEntity, TUpdateKey>, call);
        }),
      );
    }).pipe(
      retry({
        count: maxAttempts - 1,
        delay: (error: unknown) => (error instanceof ConcurrentUpdateError ? of(0) : throwError(() => error)),
      }),
    );
  });
}
