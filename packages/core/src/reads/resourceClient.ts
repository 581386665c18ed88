import type { Draft } from 'immer';
import { toPromise } from '../http/toPromise';
import type { ResourceDefinition } from '../resources/defineResource';
import { type EditOptions, editResource } from '../resources/editResource';
import { keptParams, type ListParams } from '../resources/listParams';
import { reconciledUpdate$, type UpdateOptions } from '../resources/reconcileWrite';
import {
  type AttemptOptions,
  createResourceOps,
  type ListPage,
  type ResourceOps,
  type ResourcePatch,
} from '../resources/resourceOps';
import { checkVersion } from '../resources/version';
import { isFresh } from './freshness';
import { listPlans } from './listPlans';
import { linkPart, type ReadContext } from './readContext';
import { readKey } from './readKey';
import { historyPlan, latestPlan, type ReadPlan, versionPlan } from './readPlans';

/** Options every resource call takes: cancellation and a per-attempt timeout. */
export interface CallOptions extends AttemptOptions {
  /** Aborts the call: the request in flight and every pending wait (a read shared with others goes on for them). */
  signal?: AbortSignal | undefined;
}

/** Options of `get`: which version, and how fresh a stored copy must be to skip the request. */
export interface GetOptions extends CallOptions {
  /** 0 or omitted: the latest (applied to the store); n >= 1: that historical version (cached). @default 0 */
  version?: number | undefined;
  /**
   * Serve the store's copy without a request when the service confirmed it within this many ms.
   * @default the client's `maxAgeMs` (0: always ask)
   */
  maxAgeMs?: number | undefined;
}

/** Options of `create`: the idempotency key that makes a repeated create safe. */
export interface CreateOptions extends CallOptions {
  /** Reuse to repeat a create safely (across reloads or processes). @default a fresh key per call */
  idempotencyKey?: string;
}

/** Options of `list`: which page, and how many items. */
export interface ListOptions extends CallOptions {
  /** `nextCursor` of the page before; omitted for the first page. */
  cursor?: string | undefined;
  /** Items per page, 1–100. @default the definition's `list.pageSize` */
  limit?: number | undefined;
}

/**
 * Reads and writes one resource (a built-in one, or yours via `client.resource(definition)`). Every
 * read is validated by the definition's schema and offered to the store; a reply older than what the
 * store holds never replaces it. Reads of the same key share one request and one read state with
 * every observer of it.
 */
export interface ResourceClient<
  TEntity extends object,
  TUpdateKey extends string = string,
  TCreate = unknown,
> {
  /** The definition this client was made from. */
  readonly definition: ResourceDefinition<TEntity, TUpdateKey, TCreate>;
  /**
   * The latest state (applied to the store, resolving with the newest the store holds), or with
   * `{ version }` one historical version (cached, not applied as the latest).
   */
  get(id: string, options?: GetOptions): Promise<TEntity>;
  /**
   * Every version, oldest first; the highest is applied as the latest. Asked again while the store
   * holds a newer latest than the list and each reply gets closer to it.
   */
  history(id: string, options?: CallOptions): Promise<TEntity[]>;
  /**
   * One page of the collection (`GET <path>?…`), filtered by equality on the fields the definition
   * lists in `list.filters`. Every item is offered to the store through the version gate, and
   * `items` holds what the store holds afterwards, so an item older than the held copy comes back as
   * the held (newer) one, and one the store has removed is left out. The first page of a list nobody
   * has read yet is the read `observeList` shows (a server render's preload).
   */
  list(params?: ListParams, options?: ListOptions): Promise<ListPage<TEntity>>;
  /**
   * Creates an entity (POST to the collection) with an `Idempotency-Key`, so a retry after a lost
   * answer never creates twice; the created entity is applied to the store and joins the lists it matches.
   */
  create(input: TCreate, options?: CreateOptions): Promise<TEntity>;
  /**
   * Refuses fields not valid for update with `InvalidUpdateError`, before any request. A PATCH whose
   * answer was lost is settled by reading (see `UpdateOptions.onReconciled`), never sent again; an
   * answer no newer than the version written over is a `ResponseShapeError`.
   */
  update(
    id: string,
    patch: ResourcePatch<TEntity, TUpdateKey>,
    options?: UpdateOptions<TEntity>,
  ): Promise<TEntity>;
  /**
   * Runs an immer recipe over the latest state and sends the update-valid fields it changed. On
   * `ConcurrentUpdateError` it refetches, re-runs the recipe and resubmits (bounded); a recipe
   * that changes nothing sends no PATCH and resolves with the latest state (read from the service
   * unless the store's copy is fresh within `maxAgeMs`).
   */
  edit(id: string, recipe: (draft: Draft<TEntity>) => void, options?: EditOptions<TEntity>): Promise<TEntity>;
}

/** The client type of a definition: `ResourceClientOf<typeof spendControlDefinition>`. */
export type ResourceClientOf<TDefinition> =
  TDefinition extends ResourceDefinition<infer TEntity, infer TUpdateKey, infer TCreate>
    ? ResourceClient<TEntity, TUpdateKey, TCreate>
    : never;

/** The resource client of `def` over a client's read context. */
export function createResourceClient<TEntity extends object, TUpdateKey extends string, TCreate>(
  def: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
  ctx: ReadContext,
): ResourceClient<TEntity, TUpdateKey, TCreate> {
  checkSameType(ctx.definitions.get(def.type), def as unknown as ResourceDefinition);
  const ops = createResourceOps(def, ctx);
  ctx.definitions.set(def.type, def as unknown as ResourceDefinition);
  const read = <T>(plan: ReadPlan<T>, signal: AbortSignal | undefined, nextPage = false) =>
    ctx.reads.entry(plan.key).fetch(plan.start, plan.done, { signal, nextPage });
  const held = (id: string) => () => ctx.store.get<TEntity>(def.type, id);
  /** The store's copy when the service confirmed it within `maxAgeMs`: what a read would not ask again for. */
  const fresh = (id: string, maxAgeMs = ctx.maxAgeMs): TEntity | undefined => {
    const copy = ctx.store.get<TEntity>(def.type, id);
    return copy && isFresh(ctx.reads.peek(readKey(def.type, id, 0))?.state, ctx.reads.now(), maxAgeMs)
      ? copy
      : undefined;
  };
  // Without versions a reply is ordered by when its request started: a read joining one that began
  // before a write would bring that earlier reply under its own later start. So such a read replaces it.
  const byStart = !def.versioned && def.order === undefined;
  const readOps = ops as unknown as ResourceOps<TEntity, string, never>;
  return linkPart(
    {
      definition: def,
      get(id, { signal, timeoutMs, maxAgeMs = ctx.maxAgeMs, ...options } = {}) {
        let version: number;
        try {
          version = checkVersion(options.version);
        } catch (error) {
          return Promise.reject(error);
        }
        if (version > 0) {
          // A historical version never changes, so a cached copy is as good as a fresh one.
          const cached = ctx.store.getVersion<TEntity>(def.type, id, version);
          return cached
            ? Promise.resolve(cached)
            : read(versionPlan(ctx, readOps, id, version, timeoutMs), signal);
        }
        const copy = fresh(id, maxAgeMs);
        if (copy) return Promise.resolve(copy);
        const plan = latestPlan(ctx, readOps, id, timeoutMs);
        return ctx.reads.entry(plan.key).fetch(plan.start, plan.done, { signal, replace: byStart });
      },
      history: (id, { signal, timeoutMs } = {}) => read(historyPlan(ctx, readOps, id, timeoutMs), signal),
      list(given, { signal, cursor, limit = def.list.pageSize, timeoutMs } = {}) {
        const params = keptParams(given);
        const plans = listPlans(ctx, readOps, params, limit);
        const state = ctx.reads.peek(plans.key)?.state;
        // A list's own reads are recorded for its observers: its first page while none is loaded,
        // and the page after its last, at the list's page size. Any other page is a read of its own,
        // and so is any page asked for while the list is being read: the read in flight may be of
        // another page (a refetch reads from the first) or of another size, and joining it would
        // answer with that.
        const own = !state?.isFetching && limit === (state?.pageSize ?? limit);
        const next = own && cursor !== undefined && cursor === state?.nextCursor;
        const plan = !own
          ? undefined
          : cursor === undefined && !state?.pages
            ? plans.first()
            : next
              ? plans.next(cursor)
              : undefined;
        if (!plan) return toPromise(ops.list$(params, { cursor, limit, timeoutMs }), signal);
        // The page after the last is a next page to the list's observers, as `fetchNextPage`'s is.
        return read(plan, signal, next).then((pages) => pages[0] as ListPage<TEntity>);
      },
      create: (input, { signal, ...options } = {}) => toPromise(ops.create$(input, options), signal),
      update: (id, patch, { signal, ...options } = {}) =>
        toPromise(reconciledUpdate$(ops, id, patch, options, held(id)), signal),
      edit: (id, recipe, { signal, ...options } = {}) =>
        toPromise(
          editResource(def, ops, id, recipe, options, { held: held(id), fresh: () => fresh(id) }),
          signal,
        ),
    },
    { ctx, ops: ops as unknown as ResourceOps<object, string, unknown> },
  );
}

/**
 * Definitions of one type share its entities in the store, and the store orders a type one way: a
 * second definition that ids or orders them otherwise would turn the first one's version gate off.
 */
function checkSameType(held: ResourceDefinition | undefined, def: ResourceDefinition): void {
  if (!held || held === def) return;
  const differs = (['versioned', 'idKey', 'id', 'order'] as const).find((field) =>
    field === 'idKey' || field === 'versioned' ? held[field] !== def[field] : !held[field] !== !def[field],
  );
  if (differs)
    throw new TypeError(
      `two definitions of ${def.type} disagree on \`${differs}\`: definitions of one type share its ` +
        'entities, so they must id and order them alike',
    );
}
