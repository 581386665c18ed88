import { listWriteLog, type MissedWrite, noteWrite } from '../reads/listWriteLog';
import type { ReadContext } from '../reads/readContext';
import type { ReadEntry } from '../reads/readEntry';
import type { ReadState } from '../reads/readState';
import { type ListParams, matchesParams } from '../resources/listParams';
import type { StoreChange } from '../store/types';

const EMPTY: readonly never[] = Object.freeze([]);
/** The origin given to a change of an entity's pending view (no store write). */
const VIEW = 'view';

/** The rows of a list observer and how they follow the store; see `listRows`. */
export interface ListRows<T> {
  /** The rows for `state` (the list's read state): the same array until a row or the membership changes. */
  rows(state: ReadState | undefined): readonly T[];
  /**
   * Follows every accepted write of the list's type, and every pending change shown over one, until
   * the returned function is called. `changed` hears of new rows; `refetch` is asked to read the
   * loaded pages again when only the service knows where the entity `id` goes.
   */
  follow(entry: ReadEntry, changed: () => void, refetch: (id: string | undefined) => void): () => void;
}

/**
 * A list's ids, mapped to what the view shows of each entity. Ids come from the loaded pages, then,
 * once no next page is left, the entities created since (joined); an id is shown once, where it
 * first appeared, and only while its entity exists and matches the params, so a removal or a change
 * that stops matching leaves the list at once. While followed, a write to one row replaces that row
 * alone; the whole list is derived again only when its read state changes.
 */
export function listRows<T extends object>(ctx: ReadContext, type: string, params: ListParams): ListRows<T> {
  const { store, view } = ctx;
  let data: readonly T[] = EMPTY;
  let derivedFrom: ReadState | undefined;
  let live = false;
  // Row of each id shown, and every id the pages and joins hold (shown or not).
  let index = new Map<string, number>();
  let known = new Set<string>();

  const fits = (id: string): T | undefined => {
    if (store.isRemoved(type, id)) return undefined;
    const entity = view.get<T>(type, id);
    return entity !== undefined && matchesParams(entity, params) ? entity : undefined;
  };

  const derive = (state: ReadState | undefined) => {
    derivedFrom = state;
    const ids = new Set<string>();
    for (const page of state?.pages ?? []) for (const id of page.ids) ids.add(id);
    if (state?.pages && state.nextCursor === undefined) for (const id of state.joined ?? []) ids.add(id);
    const next: T[] = [];
    const nextIndex = new Map<string, number>();
    for (const id of ids) {
      const entity = fits(id);
      if (entity === undefined) continue;
      nextIndex.set(id, next.length);
      next.push(entity);
    }
    known = ids;
    index = nextIndex;
    // The same rows in the same order keep the array, so an unchanged list renders nothing.
    if (next.length !== data.length || next.some((row, at) => row !== data[at]))
      data = next.length ? next : EMPTY;
  };

  /**
   * One round of writes, each id with what the store held before the round and where the write came
   * from (`view` for a change of its pending view): true when the rows changed. Rows replaced in place
   * share one copy of the array.
   */
  const settle = (
    writes: ReadonlyMap<string, MissedWrite>,
    entry: ReadEntry,
    refetch: (id: string | undefined) => void,
  ): boolean => {
    let draft: T[] | undefined;
    let rowsChanged = false;
    const rederive = () => {
      if (draft) data = draft;
      draft = undefined;
      derive(entry.state);
      rowsChanged = true;
    };
    for (const [id, { previous, origin }] of writes) {
      const { state } = entry;
      const at = index.get(id);
      const entity = fits(id);
      if (at !== undefined) {
        if (entity === (draft ?? data)[at]) continue;
        if (entity === undefined) rederive();
        else {
          draft ??= data.slice();
          draft[at] = entity;
          rowsChanged = true;
          // A read in flight may have been answered before this write, when the row did not match: if
          // its reply leaves the row out, the pages are read again.
          if (entry.isFetching && origin !== VIEW) refetch(id);
        }
        continue;
      }
      if (entity === undefined) continue;
      if (known.has(id)) {
        // Back in its old place at once; the service may have moved it since, so the pages are read
        // again. Not when a pending change that hid it went (discarded, failed, the outbox closed):
        // the store's copy, which matched, never changed.
        rederive();
        if (origin !== VIEW || previous === undefined || !matchesParams(previous, params)) refetch(id);
        continue;
      }
      // A pending change (the view's) of a row the list does not show: the store's copy did not
      // change, so unless that copy did not match and the view now does, neither did the membership.
      if (origin === VIEW && (previous === undefined || matchesParams(previous, params))) continue;
      if (previous !== undefined && !matchesParams(previous, params)) {
        // An entity the store held, which did not match and now does: only the service knows its place,
        // so the pages are read again (after a read in flight, which may predate the change).
        refetch(id);
      } else if (ctx.reads.wasCreated(type, id)) {
        // A new entity comes last. The list's read state records the join, and the rows follow from
        // it: shown at the end once no next page is left, else brought by its page. Joined even while
        // a read is in flight (the first page included), which its reply may predate.
        entry.dispatch({ type: 'joined', id });
      } else if (origin === 'response') {
        // From a reply (another list's page, say): as the service has it now, so a list with more
        // pages will bring it; one with none predates it and is read again.
        if (state.pages && state.nextCursor === undefined) refetch(id);
      } else {
        // Told by an event (another user changed it): the store's earlier copy may be older than the
        // list's pages, which left it out as not matching then, so its place may lie before the
        // cursor, where no later page brings it: the pages are read again. Unless it is a version 1
        // (made just now): lists are in creation order, so it comes last, on a page still to read if
        // there is one. So are they after a read in flight (the first page's too), which may predate it.
        const madeNow = (entity as { version?: unknown }).version === 1;
        if (entry.isFetching || (state.pages && (state.nextCursor === undefined || !madeNow))) refetch(id);
      }
    }
    if (draft) data = draft;
    return rowsChanged;
  };

  return {
    rows(state) {
      if (!live || state !== derivedFrom) derive(state);
      return data;
    },
    follow(entry, changed, refetch) {
      live = true;
      let stopped = false;
      derive(entry.state);
      // What the list missed while nobody followed it, caught up on first (see `listWriteLog`).
      const log = listWriteLog(ctx);
      const missed = log.follow(entry, type);
      if (missed === 'lost') refetch(undefined);
      else if (missed && settle(missed, entry, refetch)) changed();
      // Writes are noted as they happen and acted on once the store tells the type's listeners: after
      // each write, or once at the end of a batch (a page landing, a hydrate), with the batch whole.
      const writes = new Map<string, MissedWrite>();
      const round = () => {
        // Stopped by a listener earlier in the same round (the type's listeners are told from a copy).
        if (stopped || writes.size === 0) return;
        const these = new Map(writes);
        writes.clear();
        if (settle(these, entry, refetch)) changed();
      };
      const subscription = store.accepted.subscribe((change: StoreChange) => {
        if (change.type === type && !change.historical)
          noteWrite(writes, change.id, change.previous, change.origin);
      });
      const offType = store.subscribeType(type, round);
      const offView = view.onChange((changedType, id) => {
        if (changedType !== type) return;
        // A pending change shown over the store's copy: that copy is what the view showed before.
        if (!writes.has(id)) writes.set(id, { previous: store.get(type, id), origin: VIEW });
        round();
      });
      return () => {
        live = false;
        stopped = true;
        log.leave(entry);
        subscription.unsubscribe();
        offType();
        offView();
      };
    },
  };
}
