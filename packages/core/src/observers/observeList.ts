import type { VStoreError } from '../errors/vstoreError';
import { isFresh } from '../reads/freshness';
import { listKey, listPlans } from '../reads/listPlans';
import { listWriteLog } from '../reads/listWriteLog';
import { linkOf } from '../reads/readContext';
import type { ReadEntry } from '../reads/readEntry';
import { settled } from '../reads/readEntry';
import type { ReadState } from '../reads/readState';
import type { ListOptions } from '../reads/resourceClient';
import { keptParams, type ListParams, listQuery } from '../resources/listParams';
import type { ListPage, ResourceOps } from '../resources/resourceOps';
import { EntryObserver } from './entryObserver';
import { listRows } from './listRows';
import type { ReadableResource, ResultStatus } from './observeResource';

/** What a list observer shows: the rows loaded so far, and the state of the list's reads. */
export interface ListResult<T> {
  /** The rows, each the store's own object (or the pending view an outbox shows); `[]` until the first page lands. */
  readonly data: readonly T[];
  /** `error` when the last read failed (rows kept), `success` once a page landed, else `pending`. */
  readonly status: ResultStatus;
  readonly error: VStoreError | undefined;
  /** A read of the list is in flight, a next page included. */
  readonly isFetching: boolean;
  /** The service has more pages after the loaded ones. */
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
}

/** One list of a resource as a subscribable result; see `observeList`. */
export interface ListObserver<T> {
  /** The same object until one of its fields changes: usable as a `useSyncExternalStore` snapshot. */
  getResult(): ListResult<T>;
  /** The first subscriber reads the list (unless `maxAgeMs` lets the loaded pages stand); the last one leaving aborts the read a microtask later. */
  subscribe(listener: () => void): () => void;
  /** Reads the page after the loaded ones (joining a read in flight); never rejects, the error lands in the result. */
  fetchNextPage(): Promise<void>;
  /** Reads the loaded pages again from the first, aborting a read in flight; never rejects. */
  refetch(): Promise<void>;
  /** Reads unless pages are loaded and fresh, for a server render's prefetch; never rejects, subscribes nobody. */
  load(): Promise<void>;
}

/** Options of `observeList`. Not part of what lists share: the first read of a list decides its page size. */
export interface ListObserveOptions {
  /** Items per page, 1–100. @default the definition's `list.pageSize` */
  pageSize?: number | undefined;
  /**
   * The first subscriber reads nothing when the list's pages were read within this many ms.
   * @default the client's `maxAgeMs`
   */
  maxAgeMs?: number | undefined;
}

/** What `observeList` reads: a resource client with lists. */
export interface ListableResource<T extends object> extends ReadableResource<T> {
  /** One page of the collection (see `ResourceClient.list`). */
  list(params?: ListParams, options?: ListOptions): Promise<ListPage<T>>;
}

/**
 * Observes a list of `resource`: the entities whose fields equal `params`, page by page, in the
 * service's order. The list holds ids and shows the store's copy of each, so every row is the newest
 * version accepted from anywhere (a reply, an event, another tab, an edit), and a late page never
 * brings back an older copy. A removed entity, or one that stops matching, leaves at once; one
 * created here or by a `*.created` event joins at the end of a list with no more pages. Observers
 * of the same resource and params share one list.
 *
 * @example
 * ```ts
 * import { createClient, observeList } from '@vstore/core';
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', getToken: async () => 'token' });
 * const list = observeList(client.spendControls, { account_id: 'acc_1', status: 'active' });
 * const unsubscribe = list.subscribe(() => {
 *   const { data, hasNextPage } = list.getResult();
 *   console.log(data.map((row) => `${row.name} v${row.version}`), hasNextPage);
 * });
 * await list.fetchNextPage();
 * unsubscribe();
 * ```
 */
export function observeList<T extends object>(
  resource: ListableResource<T>,
  given?: ListParams,
  options: ListObserveOptions = {},
): ListObserver<T> {
  const params = keptParams(given);
  const { ctx, ops } = linkOf(resource);
  if (!ops)
    throw new TypeError('observeList reads a resource client (client.spendControls, client.resource(…))');
  const readOps = ops as unknown as ResourceOps<T, string, never>;
  const def = readOps.definition;
  const pageSize = options.pageSize ?? def.list.pageSize;
  // Undeclared filters and a bad page size are the caller's error, told at once rather than at the first read.
  listQuery(def, params, undefined, pageSize);
  const { reads } = ctx;
  const key = listKey(def.type, params);
  const maxAgeMs = options.maxAgeMs ?? ctx.maxAgeMs;
  const rows = listRows<T>(ctx, def.type, params ?? {});
  const plans = () => listPlans(ctx, readOps, params, observed.state()?.pageSize ?? pageSize);
  /** A first read, or the loaded pages again. */
  const whole = (state: ReadState | undefined) =>
    state?.pages ? plans().again(state.pages.length) : plans().first();
  const fresh = (state: ReadState | undefined) => !!state?.pages && isFresh(state, reads.now(), maxAgeMs);
  const runWhole = (entry: ReadEntry, replace = false) => {
    const plan = whole(entry.state);
    entry.run(plan.start, plan.done, replace);
  };

  const observed = new EntryObserver(
    reads,
    key,
    (state, prev: ListResult<T> | undefined) => {
      const data = rows.rows(state);
      const error = state?.error;
      const isFetching = state?.isFetching ?? false;
      const hasNextPage = !!state?.pages && state.nextCursor !== undefined;
      const isFetchingNextPage = state?.isFetchingNextPage ?? false;
      if (
        prev &&
        prev.data === data &&
        prev.error === error &&
        prev.isFetching === isFetching &&
        prev.hasNextPage === hasNextPage &&
        prev.isFetchingNextPage === isFetchingNextPage
      )
        return prev;
      const status: ResultStatus = error !== undefined ? 'error' : state?.pages ? 'success' : 'pending';
      return Object.freeze({ data, status, error, isFetching, hasNextPage, isFetchingNextPage });
    },
    (entry, changed) => {
      const log = listWriteLog(ctx);
      // Asked while a read is in flight, the pages are read again once it ends, as it may predate the
      // write; unless its pages hold every entity that asked (its own reply's rows ask as they land).
      const again = new Set<string>();
      // A read a write asked for is owed until a read of the whole list lands, even if the last
      // follower leaves (and aborts it) first: the next follower then reads (see `listWriteLog`).
      const reread = () => {
        log.owe(entry);
        runWhole(entry);
      };
      const refetch = (id: string | undefined) => {
        // Without an id (the list missed more writes than are kept) nothing can be placed: read again.
        if (entry.isFetching) {
          log.owe(entry);
          again.add(id ?? '');
        } else reread();
      };
      const unfollow = rows.follow(entry, changed, refetch);
      const offSettled = entry.subscribe(() => {
        if (again.size === 0 || entry.isFetching) return;
        const read = new Set(entry.state.pages?.flatMap((page) => page.ids));
        const placed = [...again].every((id) => read.has(id));
        again.clear();
        if (!placed) reread();
      });
      if (!entry.isFetching && !fresh(entry.state)) runWhole(entry);
      return () => {
        offSettled();
        unfollow();
      };
    },
  );

  const fetch = (replace: boolean, nextPage: boolean) => {
    const entry = reads.entry(key);
    const { state } = entry;
    const plan = nextPage && state.nextCursor !== undefined ? plans().next(state.nextCursor) : whole(state);
    // A refetch or next page lasts while the observer is subscribed; `load` reads for a render to come.
    return settled(entry.fetch(plan.start, plan.done, { replace, nextPage, hold: !replace && !nextPage }));
  };

  return {
    getResult: observed.getResult,
    subscribe: observed.subscribe,
    fetchNextPage() {
      const state = observed.state();
      if (!state?.isFetching && (!state?.pages || state.nextCursor === undefined)) return Promise.resolve();
      return fetch(false, true);
    },
    refetch: () => fetch(true, false),
    load: () => (fresh(observed.state()) ? Promise.resolve() : fetch(false, false)),
  };
}
