import type { Draft, Patch } from 'immer';
import { catchError, map, type Observable, switchMap, throwError } from 'rxjs';
import { ConcurrentUpdateError } from '../errors/apiError';
import { EditConflictError } from '../errors/editConflictError';
import { just } from '../http/just';
import { sameContent } from '../store/sameContent';
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

type Fields = Record<string, unknown>;

/**
 * What a recipe made of `state`: its result and the update-valid fields it changed. A recipe that
 * returned a new object (immer's one patch at the root) is compared field by field. A field it
 * removed cannot be sent (JSON has no `undefined`, so the PATCH would say nothing of it while the
 * edit reported it saved): a TypeError says so, before any request.
 */
export function runRecipe<TEntity extends object>(
  def: Pick<ResourceDefinition<TEntity>, 'type' | 'updatable'>,
  state: TEntity,
  recipe: (draft: Draft<TEntity>) => void,
): { next: TEntity; fields: string[] } {
  const [result, patches] = produceWithPatches(state, recipe);
  const next = result as Fields;
  const fields = patches.some((patch) => patch.path.length === 0)
    ? def.updatable.filter((field) => !sameContent((state as Fields)[field], next[field]))
    : changedFields(patches, def.updatable);
  const removed = fields.filter((field) => next[field] === undefined);
  if (removed.length > 0)
    throw new TypeError(
      `The edit of a ${def.type} removed ${removed.join(', ')}: a PATCH cannot remove a field. Set a value instead.`,
    );
  return { next: next as TEntity, fields };
}

/**
 * The update a recipe makes of `base`: the update-valid fields it changed, with their new values (a
 * nested change sends the whole top-level field). For writes that do not go out at once (an outbox).
 */
export function recipePatch<TEntity extends object>(
  def: Pick<ResourceDefinition<TEntity>, 'type' | 'updatable'>,
  base: TEntity,
  recipe: (draft: Draft<TEntity>) => void,
): Record<string, unknown> {
  const { next, fields } = runRecipe(def, base, recipe);
  const patch: Record<string, unknown> = {};
  for (const field of fields) patch[field] = (next as Fields)[field];
  return patch;
}

const NO_CHANGE: EditMergeInfo = { merged: [], conflicts: [] };
const versionOf = (entity: object) => (entity as { version?: unknown }).version;

type CallOptions = { readonly timeoutMs: number | undefined };

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
  const call: CallOptions = { timeoutMs: options.timeoutMs };
  return editBase$(ops, id, options, copies, call).pipe(
    switchMap(({ base, latest$ }) => {
      const edit = new EditSession(def, ops, id, recipe, options, call, base);
      return latest$.pipe(switchMap((latest) => edit.attempt(latest, edit.compare(latest), 1)));
    }),
  );
}

/**
 * The state the recipe runs over first, and where the latest comes from. The PATCH carries no
 * version, so the service only detects writes that overlap it in time: the recipe's result is always
 * sent over the latest state, and with a base older than the latest, what changed in between is
 * compared before anything is sent.
 */
function editBase$<TEntity extends object, TUpdateKey extends string, TCreate>(
  ops: ResourceOps<TEntity, TUpdateKey, TCreate>,
  id: string,
  options: Omit<EditOptions<TEntity>, 'signal'>,
  copies: EditCopies<TEntity>,
  call: CallOptions,
): Observable<{ base: TEntity; latest$: Observable<TEntity> }> {
  const mode = options.onConflict ?? 'rebase';
  // As every read of a version is checked: a RangeError at the call, not a request for `?version=0`.
  const { baseVersion } = options;
  if (baseVersion !== undefined && !(Number.isSafeInteger(baseVersion) && baseVersion >= 1))
    return throwError(
      () => new RangeError(`baseVersion must be an integer >= 1, got ${options.baseVersion}`),
    );
  const copy = options.baseVersion !== undefined || mode === 'abort' ? copies.held() : undefined;
  if (options.baseVersion !== undefined && (!copy || versionOf(copy) !== options.baseVersion))
    return ops
      .version$(id, options.baseVersion, call)
      .pipe(map((base) => ({ base, latest$: ops.latest$(id, call) })));
  if (copy) return just({ base: copy, latest$: ops.latest$(id, call) });
  const current = copies.fresh();
  if (current) return just({ base: current, latest$: just(current) });
  return ops.latest$(id, call).pipe(map((base) => ({ base, latest$: just(base) })));
}

/** One edit once its base is known: the recipe over the base, and the PATCHes that follow. */
class EditSession<TEntity extends object, TUpdateKey extends string, TCreate> {
  private readonly maxAttempts: number;
  private readonly mode: 'rebase' | 'abort';
  /** The recipe over the base: what this edit means. */
  private readonly mine: { next: TEntity; fields: string[] };

  constructor(
    private readonly def: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
    private readonly ops: ResourceOps<TEntity, TUpdateKey, TCreate>,
    private readonly id: string,
    private readonly recipe: (draft: Draft<TEntity>) => void,
    private readonly options: Omit<EditOptions<TEntity>, 'signal'>,
    private readonly call: CallOptions,
    private readonly base: TEntity,
  ) {
    this.maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 3));
    this.mode = options.onConflict ?? 'rebase';
    this.mine = this.produce(base);
  }

  /** What changed between the base and `latest`, field by field, against the recipe's result. */
  compare(latest: TEntity): EditMergeInfo {
    const { base } = this;
    // Without versions, two copies are told apart only by what they hold: the comparison always runs.
    if (latest === base || (this.def.versioned && versionOf(latest) === versionOf(base))) return NO_CHANGE;
    const { merged, conflicts } = threeWay(
      base as Record<string, unknown>,
      this.mine.next as Record<string, unknown>,
      latest as Record<string, unknown>,
      this.def.updatable,
    );
    return { merged, conflicts };
  }

  /** The `n`th PATCH, over `latest`: stops at a conflict under `'abort'`, sends nothing when nothing changed. */
  attempt(latest: TEntity, info: EditMergeInfo, n: number): Observable<TEntity> {
    if (this.mode === 'abort' && info.conflicts.length > 0)
      return throwError(
        () =>
          new EditConflictError(this.def.type, this.id, info.conflicts, {
            base: this.base,
            mine: this.mine.next,
            theirs: latest,
          }),
      );
    const { next, fields } = latest === this.base ? this.mine : this.produce(latest);
    if (fields.length === 0) return just(this.report(latest, 'unchanged', info, n - 1, []));
    const patch: Record<string, unknown> = {};
    for (const field of fields) patch[field] = (next as Record<string, unknown>)[field];
    return this.ops.update$(this.id, patch as ResourcePatch<TEntity, TUpdateKey>, this.call).pipe(
      map((saved) => this.report(saved, 'saved', info, n, fields)),
      catchError((error: unknown) => {
        if (error instanceof ConcurrentUpdateError && n < this.maxAttempts) return this.again(n);
        return settleFailedWrite(error, patch, latest, () => this.ops.latest$(this.id, this.call)).pipe(
          map((landed) => this.report(landed, 'reconciled', info, n, fields)),
        );
      }),
    );
  }

  /** After a 409: the latest, compared again, and the next attempt over it. */
  private again(n: number): Observable<TEntity> {
    return this.ops.latest$(this.id, this.call).pipe(
      switchMap((newer) => {
        const info = this.compare(newer);
        if (this.mode === 'rebase' || info.conflicts.length === 0) this.options.onRetry?.(newer, n + 1, info);
        return this.attempt(newer, info, n + 1);
      }),
    );
  }

  private produce(state: TEntity) {
    return runRecipe(this.def, state, this.recipe);
  }

  private report(
    entity: TEntity,
    result: EditOutcome<TEntity>['result'],
    info: EditMergeInfo,
    attempts: number,
    fields: readonly string[],
  ): TEntity {
    this.options.onOutcome?.({
      entity,
      base: this.base,
      result,
      attempts,
      fields,
      merged: info.merged,
      conflicts: info.conflicts,
    });
    return entity;
  }
}
