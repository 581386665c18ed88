import { defer, type Observable, switchMap, throwError } from 'rxjs';
import * as z from 'zod/mini';
import type { ShapeIssue } from '../errors/apiError';
import { InvalidUpdateError } from '../errors/invalidUpdateError';
import { createIdempotencyKey } from '../http/idempotency';
import { just } from '../http/just';
import { arrivalOrder } from '../store/arrivalOrder';
import type { ResourceDefinition } from './defineResource';
import { type ListParams, listQuery, unmatchedParam } from './listParams';
import type { ResourceContext } from './resourceContext';
import { checkVersion } from './version';

/** An update: update-valid fields only, each with a value. */
export type ResourcePatch<TEntity, TUpdateKey extends string> = {
  [K in TUpdateKey & keyof TEntity]?: NonNullable<TEntity[K]>;
};

/** Options every call takes besides cancellation: a per-attempt timeout. */
export interface AttemptOptions {
  /** Timeout of each attempt of this call. @default the client's `retry.timeoutMs` */
  timeoutMs?: number | undefined;
}

/** One page of a list, as the store holds its items. */
export interface ListPage<T> {
  /** The page's items, each the store's copy after the version gate (a newer held copy wins). */
  readonly items: T[];
  /** Where the next page starts; absent on the last page. */
  readonly nextCursor?: string;
}

/** Which page of a list, and how many items. */
export interface PageOptions extends AttemptOptions {
  /** `nextCursor` of the page before; omitted for the first page. */
  cursor?: string | undefined;
  /** Items per page, 1–100. @default the definition's `list.pageSize` */
  limit?: number | undefined;
}

/**
 * The operations of one resource as cold Observables: transport, validation, `store.apply`, and the
 * state the store then holds. They keep no read state: what the read side keeps (freshness, the
 * order of replies without versions, creations for lists) they report to `ctx.ledger`.
 */
export interface ResourceOps<TEntity extends object, TUpdateKey extends string, TCreate> {
  readonly definition: ResourceDefinition<TEntity, TUpdateKey, TCreate>;
  /** The latest state, applied to the store; the newest the store then holds. */
  latest$(id: string, options?: AttemptOptions): Observable<TEntity>;
  /** Version `version` (>= 1), kept in the store's history cache, never applied as the latest. */
  version$(id: string, version: number, options?: AttemptOptions): Observable<TEntity>;
  /** `latest$` for `version` 0 or omitted, else `version$`; a RangeError for anything else. */
  get$(id: string, options?: AttemptOptions & { version?: number | undefined }): Observable<TEntity>;
  /** Every version, oldest first; the highest applied as the latest. */
  history$(id: string, options?: AttemptOptions): Observable<TEntity[]>;
  /** One page of the collection, filtered by `params`; every item offered to the store. */
  list$(params: ListParams | undefined, options?: PageOptions): Observable<ListPage<TEntity>>;
  create$(input: TCreate, options?: AttemptOptions & { idempotencyKey?: string }): Observable<TEntity>;
  update$(
    id: string,
    patch: ResourcePatch<TEntity, TUpdateKey>,
    options?: AttemptOptions,
  ): Observable<TEntity>;
}

/** Reads of one `history` call at most: the first, and the ones that catch up with the store. */
const HISTORY_READS = 4;

export function createResourceOps<TEntity extends object, TUpdateKey extends string, TCreate>(
  def: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
  ctx: ResourceContext,
): ResourceOps<TEntity, TUpdateKey, TCreate> {
  const { store, transport, ledger } = ctx;
  const { type } = def;
  const historySchema = z.looseObject({ [def.historyKey]: z.array(def.schema) });
  const pageSchema = z.looseObject({ data: z.array(def.schema), next_cursor: z.optional(z.string()) });
  // Without versions, replies are ordered by the definition's order, else by when their requests started.
  const byStart = !def.versioned && def.order === undefined;
  if (def.order) store.setOrder(type, def.order);
  // The same content again is a duplicate, which notifies nobody; anything else this gate admitted is newer.
  else if (byStart) store.setOrder(type, arrivalOrder);

  const held = (id: string) => store.get<TEntity>(type, id);
  /**
   * Offers a latest state to the store; returns the newest state the store then holds. A list's items
   * confirm only entities something read before: a page does not make a read entry for each of them.
   */
  const accept = (id: string, entity: TEntity, seq: number | undefined, listed = false): TEntity => {
    if (seq !== undefined && !ledger.admit(type, id, seq)) return held(id) ?? entity;
    const outcome = store.apply(type, id, entity);
    // Only a reply equal to or newer than the held copy confirms it; a stale one says nothing about it.
    if (outcome === 'applied' || outcome === 'duplicate') ledger.confirm(type, id, listed);
    return held(id) ?? entity;
  };
  const begin = () => (byStart ? ledger.begin() : undefined);

  /** The reply is about the entity asked for, with a version the store can order. */
  const replyCheck =
    (id: string | undefined, version?: number) =>
    (entity: TEntity): ShapeIssue[] | undefined => {
      const got = idOf(def, entity);
      if (typeof got !== 'string' || got === '' || (id !== undefined && got !== id))
        return [issue(def.idKey, id === undefined ? 'expected a non-empty id' : `expected ${id}`)];
      const gotVersion = (entity as { version?: unknown }).version;
      if (version !== undefined && gotVersion !== version)
        return [issue('version', `expected version ${version}`)];
      if (def.versioned && !(Number.isSafeInteger(gotVersion) && (gotVersion as number) >= 1))
        return [issue('version', 'expected an integer >= 1')];
      return undefined;
    };
  const anyId = replyCheck(undefined);

  const latest$ = (id: string, { timeoutMs }: AttemptOptions = {}): Observable<TEntity> => {
    const read = (seq: number | undefined) =>
      transport.request({
        method: 'GET',
        path: def.paths.item(id),
        schema: def.schema,
        resourceId: id,
        timeoutMs,
        check: replyCheck(id),
        land: (entity) => accept(id, entity, seq),
      });
    // A start number is taken when the request starts, not when it is described; deferred either
    // way, so an id no path can hold (`item` throws) rejects the read instead of throwing at the call.
    return defer(() => read(begin()));
  };

  const version$ = (id: string, version: number, { timeoutMs }: AttemptOptions = {}): Observable<TEntity> => {
    if (!def.versioned) return throwError(() => new TypeError(`${type} has no versions to read`));
    return defer(() => {
      // A historical version never changes, so a cached copy is as good as a fresh one.
      const cached = store.getVersion<TEntity>(type, id, version);
      if (cached) return just(cached);
      return transport.request({
        method: 'GET',
        path: def.paths.item(id),
        query: { version },
        schema: def.schema,
        resourceId: id,
        timeoutMs,
        check: replyCheck(id, version),
        land: (entity) => {
          store.applyHistorical(type, id, entity);
          return store.getVersion<TEntity>(type, id, version) ?? entity;
        },
      });
    });
  };

  const historyOnce$ = (id: string, path: string, timeoutMs: number | undefined) =>
    transport.request({
      method: 'GET',
      path,
      schema: historySchema,
      resourceId: id,
      timeoutMs,
      check: (body) => firstIssue((body[def.historyKey] ?? []) as TEntity[], replyCheck(id), def.historyKey),
      land: (body): TEntity[] => {
        const versions = [...((body[def.historyKey] ?? []) as TEntity[])].sort(
          (a, b) => versionOf(a) - versionOf(b),
        );
        const newest = versions.at(-1);
        store.batch(() => {
          for (const entity of versions) if (entity !== newest) store.applyHistorical(type, id, entity);
          if (newest) accept(id, newest, undefined);
        });
        return versions.map((entity) => store.getVersion<TEntity>(type, id, versionOf(entity)) ?? entity);
      },
    });

  return {
    definition: def,
    latest$,
    version$,
    get$(id, options = {}) {
      return defer(() => {
        const version = checkVersion(options.version);
        return version === 0 ? latest$(id, options) : version$(id, version, options);
      });
    },

    history$(id, { timeoutMs } = {}) {
      const historyPath = def.paths.history;
      if (!historyPath) return throwError(() => new TypeError(`${type} has no history endpoint`));
      const read$ = defer(() => historyOnce$(id, historyPath(id), timeoutMs));
      // A newer version that reached the store while the list was on its way (a reply, an event,
      // another tab) means asking again: only the service can say which versions lie between. A
      // reply that brings nothing newer than the one before ends it, so a lagging service cannot loop,
      // and so does the last of HISTORY_READS, so versions that keep coming cannot either.
      const caughtUp$ = (last: number, reads: number): Observable<TEntity[]> =>
        read$.pipe(
          switchMap((list) => {
            const top = list.length ? versionOf(list.at(-1) as TEntity) : 0;
            const newest = held(id);
            return top > last && newest && versionOf(newest) > top && reads < HISTORY_READS
              ? caughtUp$(top, reads + 1)
              : just(list);
          }),
        );
      return caughtUp$(-1, 1);
    },

    list$(params, { cursor, limit = def.list.pageSize, timeoutMs } = {}) {
      return defer(() => {
        const query = listQuery(def, params, cursor, limit);
        const seq = begin();
        return transport.request({
          method: 'GET',
          path: def.paths.collection,
          query,
          schema: pageSchema,
          timeoutMs,
          check: (page) =>
            firstIssue(page.data as TEntity[], anyId, 'data') ??
            (params ? firstIssue(page.data as TEntity[], listedUnder(params), 'data') : undefined),
          land: (page): ListPage<TEntity> => {
            const rows = page.data as TEntity[];
            const items: TEntity[] = [];
            store.batch(() => {
              for (const row of rows) {
                const id = idOf(def, row) as string;
                const kept = accept(id, row, seq, true);
                // A removed entity stays removed (the store refused the row): the store holds none of it.
                if (!store.isRemoved(type, id)) items.push(kept);
              }
            });
            return page.next_cursor === undefined ? { items } : { items, nextCursor: page.next_cursor };
          },
        });
      });
    },

    create$(input, { idempotencyKey = createIdempotencyKey(), timeoutMs } = {}) {
      return defer(() => {
        const seq = begin();
        return transport.request({
          method: 'POST',
          path: def.paths.collection,
          body: def.createBody(input),
          idempotencyKey,
          schema: def.schema,
          timeoutMs,
          check: anyId,
          land: (entity) => {
            const id = idOf(def, entity) as string;
            ledger.created(type, id);
            return accept(id, entity, seq);
          },
        });
      });
    },

    update$(id, patch, { timeoutMs } = {}) {
      return defer(() => {
        const allowed = new Set<string>(def.updatable);
        const invalid = Object.keys(patch).filter((field) => !allowed.has(field));
        if (invalid.length > 0) throw new InvalidUpdateError(type, invalid, def.updatable);
        const seq = begin();
        // Every update makes a new version: an answer no newer than the version written over says the
        // write is not (yet) in it, so it is refused rather than passed off as the write's result.
        const base = def.versioned ? (held(id) as { version?: number } | undefined)?.version : undefined;
        const check = replyCheck(id);
        return transport.request({
          method: 'PATCH',
          path: def.paths.item(id),
          body: patch,
          schema: def.schema,
          resourceId: id,
          timeoutMs,
          check: (entity) =>
            check(entity) ??
            (base !== undefined && versionOf(entity) <= base
              ? [issue('version', `expected a version above ${base}, the one the write was made on`)]
              : undefined),
          land: (entity) => accept(id, entity, seq),
        });
      });
    },
  };
}

/** The id of an entity: the definition's `id` function, or its `idKey` field. */
export const idOf = <T extends object>(
  def: Pick<ResourceDefinition<T>, 'id' | 'idKey'>,
  entity: T,
): unknown => (def.id ? def.id(entity) : (entity as Record<string, unknown>)[def.idKey]);

const versionOf = (entity: object): number => (entity as { version: number }).version;

const issue = (field: string, message: string): ShapeIssue => ({ path: [field], code: 'custom', message });

/**
 * A listed item must match the filters it was listed under, as the schema outputs it: a list follows
 * its membership by comparing each item's fields with them, so a schema that transforms a filtered
 * field (a date into a Date, a code to upper case) would otherwise drop every row the service listed.
 */
const listedUnder =
  (params: ListParams) =>
  (entity: object): ShapeIssue[] | undefined => {
    const field = unmatchedParam(entity, params);
    return field === undefined
      ? undefined
      : [
          issue(
            field,
            `listed under ${field}=${String(params[field])}, which the schema's output does not equal ` +
              '(a list filter field must be output as the wire has it)',
          ),
        ];
  };

/** The first item's issue, with its place in the list in front of its path. */
function firstIssue<T>(
  items: readonly T[],
  check: (item: T) => ShapeIssue[] | undefined,
  key: string,
): ShapeIssue[] | undefined {
  // Indexed: a page of a hundred items allocates no iterator entry per item.
  for (let at = 0; at < items.length; at++) {
    const found = check(items[at] as T);
    if (found) return found.map((i) => ({ ...i, path: [key, at, ...i.path] }));
  }
  return undefined;
}
