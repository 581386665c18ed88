import type { Draft } from 'immer';
import { defer, map, type Observable, switchMap, throwError } from 'rxjs';
import * as z from 'zod/mini';
import type { ClientContext } from '../client/clientContext';
import { ResponseShapeError } from '../errors/apiError';
import { InvalidUpdateError } from '../errors/invalidUpdateError';
import { createIdempotencyKey } from '../http/idempotency';
import { just } from '../http/just';
import { toPromise } from '../http/toPromise';
import { readKey } from '../observers/requestCache';
import { linkResource } from '../observers/resourceLink';
import { recordRead } from '../ssr/recordRead';
import type { ResourceDefinition } from './defineResource';
import { type EditOptions, editResource } from './editResource';
import { reconciledUpdate$, type UpdateOptions } from './reconcileWrite';
import { createStartOrder } from './startOrder';

/** An update: update-valid fields only, each with a value. */
export type ResourcePatch<TEntity, TUpdateKey extends string> = {
  [K in TUpdateKey & keyof TEntity]?: NonNullable<TEntity[K]>;
};

/** Options every resource call takes: cancellation and a per-attempt timeout. */
export interface CallOptions {
  /** Aborts the call: the request in flight and every pending wait. */
  signal?: AbortSignal;
  /** Timeout of each attempt of this call. @default the client's `retry.timeoutMs` */
  timeoutMs?: number;
}

/** Options of `get`: which version, and how fresh a stored copy must be to skip the request. */
export interface GetOptions extends CallOptions {
  /** 0 or omitted: the latest (applied to the store); n >= 1: that historical version (cached). @default 0 */
  version?: number;
  /**
   * Serve the store's copy without a request when the service confirmed it within this many ms.
   * @default the client's `maxAgeMs` (0: always ask)
   */
  maxAgeMs?: number;
}

/** Options of `create`: the idempotency key that makes a repeated create safe. */
export interface CreateOptions extends CallOptions {
  /** Reuse to repeat a create safely (across reloads or processes). @default a fresh key per call */
  idempotencyKey?: string;
}

/**
 * Reads and writes one resource (a built-in one, or yours via `client.resource(definition)`). Every
 * read is validated by the definition's schema and offered to the store; a reply older than what the
 * store holds never replaces it.
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
   * Creates an entity (POST to the collection) with an `Idempotency-Key`, so a retry after a lost
   * answer never creates twice; the created entity is applied to the store.
   */
  create(input: TCreate, options?: CreateOptions): Promise<TEntity>;
  /**
   * Refuses fields not valid for update with `InvalidUpdateError`, before any request. A PATCH whose
   * answer was lost is settled by reading (see `UpdateOptions.onReconciled`), never sent again.
   */
  update(
    id: string,
    patch: ResourcePatch<TEntity, TUpdateKey>,
    options?: UpdateOptions<TEntity>,
  ): Promise<TEntity>;
  /**
   * Runs an immer recipe over the latest state and sends the update-valid fields it changed. On
   * `ConcurrentUpdateError` it refetches, re-runs the recipe and resubmits (bounded); a recipe
   * that changes nothing resolves with the current state and sends nothing.
   */
  edit(id: string, recipe: (draft: Draft<TEntity>) => void, options?: EditOptions<TEntity>): Promise<TEntity>;
}

/** Options of the Observable `get$`, for the client's own parts. */
export interface ReadOptions extends Omit<GetOptions, 'signal'> {
  /** `false`: never join an identical GET already in flight (see `RequestSpec.shared`). @default true */
  shared?: boolean;
}

/** The Observable operations behind a resource client; cold, cancelled by unsubscribing. */
export interface ResourceOps<TEntity extends object, TUpdateKey extends string, TCreate> {
  get$(id: string, options?: ReadOptions): Observable<TEntity>;
  history$(id: string, options?: Omit<CallOptions, 'signal'>): Observable<TEntity[]>;
  create$(input: TCreate, options?: Omit<CreateOptions, 'signal'>): Observable<TEntity>;
  update$(
    id: string,
    patch: ResourcePatch<TEntity, TUpdateKey>,
    options?: Omit<CallOptions, 'signal'>,
  ): Observable<TEntity>;
}

export function createResourceOps<TEntity extends object, TUpdateKey extends string, TCreate>(
  def: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
  ctx: ClientContext,
): ResourceOps<TEntity, TUpdateKey, TCreate> {
  const { store, transport, scheduler } = ctx;
  const historySchema = z.looseObject({ [def.historyKey]: z.array(def.schema) });

  // Tasks are ordered by status in the store; other resources without versions by request start.
  const order =
    def.versioned || def.type === 'task' ? undefined : createStartOrder(store, ctx.requests, def.type);

  /** Applies a latest read and returns the newest state the store holds. */
  const accept = (id: string, entity: TEntity, seq = order?.start()): TEntity => {
    if (order && !order.admit(id, seq as number)) return store.get<TEntity>(def.type, id) ?? entity;
    const outcome = store.apply(def.type, id, entity);
    // Only a reply equal to or newer than the held copy confirms it; a stale one says nothing about it.
    if (outcome === 'applied' || outcome === 'duplicate')
      ctx.requests.set(readKey(def.type, id, 0), { confirmedAt: scheduler.now() });
    return store.get<TEntity>(def.type, id) ?? entity;
  };

  /** A response about another id than the one asked for is a shape error, and is not stored. */
  const checkId = (
    method: string,
    path: string,
    id: string | undefined,
    entity: TEntity,
    version?: number,
  ) => {
    const got = idOf(def, entity);
    const gotVersion = (entity as { version?: unknown }).version;
    const idOk = typeof got === 'string' && got !== '' && (id === undefined || got === id);
    // A versioned entity without a valid version would be the store's TypeError: say it is the reply's shape.
    const versionOk =
      version === undefined
        ? !def.versioned || (Number.isInteger(gotVersion) && (gotVersion as number) >= 1)
        : gotVersion === version;
    if (idOk && versionOk) return entity;
    const field = idOk ? 'version' : def.idKey;
    throw new ResponseShapeError(
      `${method} ${path} answered with another ${def.type} ${field} than requested. Nothing was stored.`,
      {
        status: method === 'POST' ? 201 : 200,
        request: {
          method,
          endpoint: path,
          time: new Date(scheduler.now()).toISOString(),
          environment: ctx.environment,
          resourceId: id,
        },
        issues: [
          {
            path: [field],
            code: 'custom',
            message: `expected ${field === 'version' ? (version ?? 'an integer >= 1') : (id ?? 'an id')}`,
          },
        ],
      },
    );
  };

  const latest$ = (
    id: string,
    { maxAgeMs = ctx.maxAgeMs, timeoutMs, shared }: ReadOptions,
  ): Observable<TEntity> =>
    defer(() => {
      const held = store.get<TEntity>(def.type, id);
      const at = ctx.requests.get(readKey(def.type, id, 0))?.confirmedAt;
      if (held && at !== undefined && maxAgeMs > 0 && scheduler.now() - at <= maxAgeMs) return just(held);
      const path = def.paths.item(id);
      const seq = order?.start();
      // Without versions the reply is ordered by when its request started: joining an identical GET
      // already in flight would give an earlier request's reply this later number, and let it
      // replace a write that started in between. So such a read is always a request of its own.
      return transport
        .request({
          method: 'GET',
          path,
          schema: def.schema,
          resourceId: id,
          timeoutMs,
          shared: order ? false : shared,
        })
        .pipe(map((entity) => accept(id, checkId('GET', path, id, entity), seq)));
    });

  const historical$ = (id: string, version: number, timeoutMs: number | undefined): Observable<TEntity> =>
    defer(() => {
      // A historical version never changes, so a cached copy is as good as a fresh one.
      const cached = store.getVersion<TEntity>(def.type, id, version);
      if (cached) return just(cached);
      const path = def.paths.item(id);
      return transport
        .request({ method: 'GET', path, query: { version }, schema: def.schema, resourceId: id, timeoutMs })
        .pipe(
          map((entity) => {
            checkId('GET', path, id, entity, version);
            store.applyHistorical(def.type, id, entity);
            return store.getVersion<TEntity>(def.type, id, version) ?? entity;
          }),
        );
    });

  return {
    get$(id, options = {}) {
      const version = options.version ?? 0;
      if (!Number.isInteger(version) || version < 0) {
        return throwError(
          () =>
            new RangeError(`version must be 0 (latest) or an integer >= 1, got ${String(options.version)}`),
        );
      }
      if (version === 0) return latest$(id, options);
      if (!def.versioned) return throwError(() => new TypeError(`${def.type} has no versions to read`));
      return historical$(id, version, options.timeoutMs);
    },

    history$(id, options = {}) {
      const historyPath = def.paths.history;
      if (!historyPath) return throwError(() => new TypeError(`${def.type} has no history endpoint`));
      const path = historyPath(id);
      const read$ = transport
        .request({
          method: 'GET',
          path,
          schema: historySchema,
          resourceId: id,
          timeoutMs: options.timeoutMs,
        })
        .pipe(
          map((body) => {
            const versions = [...((body[def.historyKey] ?? []) as TEntity[])]
              .map((entity) => checkId('GET', path, id, entity))
              .sort((a, b) => versionOf(a) - versionOf(b));
            const newest = versions.at(-1);
            store.batch(() => {
              for (const entity of versions)
                if (entity !== newest) store.applyHistorical(def.type, id, entity);
              if (newest) accept(id, newest);
            });
            return versions.map(
              (entity) => store.getVersion<TEntity>(def.type, id, versionOf(entity)) ?? entity,
            );
          }),
        );
      // A newer version that reached the store while the list was on its way (a reply, an event,
      // another tab) means asking again: only the service can say which versions lie between. A
      // reply that brings nothing newer than the one before ends it, so a lagging service cannot loop,
      // and so does the last of HISTORY_READS, so versions that keep coming cannot either. A read
      // again starts as the reply lands, when no older read of this list can still be in flight (a
      // shared GET is forgotten at its reply), so callers that shared the first read share it too.
      const caughtUp$ = (last: number, reads: number): Observable<TEntity[]> =>
        // read$ answers once, so switchMap (already in the bundle) serves as well as mergeMap.
        read$.pipe(
          switchMap((list) => {
            const top = list.length ? versionOf(list.at(-1) as TEntity) : 0;
            const held = store.get<TEntity>(def.type, id);
            return top > last && held && versionOf(held) > top && reads < HISTORY_READS
              ? caughtUp$(top, reads + 1)
              : just(list);
          }),
        );
      return caughtUp$(-1, 1);
    },

    create$(input, options = {}) {
      const idempotencyKey = options.idempotencyKey ?? createIdempotencyKey();
      const path = def.paths.collection;
      return transport
        .request({
          method: 'POST',
          path,
          body: def.createBody(input),
          idempotencyKey,
          schema: def.schema,
          timeoutMs: options.timeoutMs,
        })
        .pipe(
          map((entity) => {
            checkId('POST', path, undefined, entity);
            return accept(idOf(def, entity) as string, entity);
          }),
        );
    },

    update$(id, patch, options = {}) {
      return defer(() => {
        const allowed = new Set<string>(def.updatable);
        const invalid = Object.keys(patch).filter((field) => !allowed.has(field));
        if (invalid.length > 0) throw new InvalidUpdateError(def.type, invalid, def.updatable);
        const path = def.paths.item(id);
        const seq = order?.start();
        return transport
          .request({
            method: 'PATCH',
            path,
            body: patch,
            schema: def.schema,
            resourceId: id,
            timeoutMs: options.timeoutMs,
          })
          .pipe(map((entity) => accept(id, checkId('PATCH', path, id, entity), seq)));
      });
    },
  };
}

/** Reads of one `history` call at most: the first, and the ones that catch up with the store. */
const HISTORY_READS = 4;

const idOf = <T extends object>(def: Pick<ResourceDefinition<T>, 'id' | 'idKey'>, entity: T): unknown =>
  def.id ? def.id(entity) : (entity as Record<string, unknown>)[def.idKey];

const versionOf = (entity: object): number => (entity as { version: number }).version;

export function createResourceClient<TEntity extends object, TUpdateKey extends string, TCreate>(
  def: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
  ctx: ClientContext,
): ResourceClient<TEntity, TUpdateKey, TCreate> {
  const ops = createResourceOps(def, ctx);
  const held = (id: string) => () => ctx.store.get<TEntity>(def.type, id);
  return linkResource(
    {
      definition: def,
      get: (id, { signal, ...options } = {}) =>
        recordRead(ctx, def.type, id, options.version ?? 0, toPromise(ops.get$(id, options), signal), signal),
      history: (id, { signal, ...options } = {}) =>
        recordRead(ctx, def.type, id, 'history', toPromise(ops.history$(id, options), signal), signal),
      create: (input, { signal, ...options } = {}) => toPromise(ops.create$(input, options), signal),
      update: (id, patch, { signal, ...options } = {}) =>
        toPromise(reconciledUpdate$(ops, id, patch, options, held(id)), signal),
      edit: (id, recipe, { signal, ...options } = {}) =>
        toPromise(editResource(def, ops, id, recipe, options, held(id)), signal),
    },
    ctx,
  );
}
