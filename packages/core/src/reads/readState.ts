import type { VStoreError } from '../errors/vstoreError';

/** One loaded page of a list: the ids it returned, in the service's order. */
export interface ListPageState {
  readonly ids: readonly string[];
}

/**
 * What the client knows about one read, beside the data the store holds. Plain data, so a snapshot
 * of the cache (server rendering) is a copy of its entries. Times are scheduler milliseconds. A new
 * object on every change; changed only by `readReducer`.
 */
export interface ReadState {
  /** A read of this key is in flight (a list's next page included). */
  readonly isFetching: boolean;
  /** Latest reads: when the service last confirmed the store's copy (for `maxAgeMs`). */
  readonly confirmedAt?: number | undefined;
  /** When the last read of this key succeeded. */
  readonly settledAt?: number | undefined;
  /** The last read's failure; cleared by the next success. */
  readonly error?: VStoreError | undefined;
  readonly errorAt?: number | undefined;
  /** Reads whose answer the store does not hold as latest: a history list, a historical version. */
  readonly result?: unknown;
  /** History lists: the store's latest version when the list landed (what it has caught up with). */
  readonly resultAt?: number | undefined;
  /** Lists: the pages loaded, first to last. */
  readonly pages?: readonly ListPageState[] | undefined;
  /** Lists: where the page after the last loaded one starts; undefined when there is none. */
  readonly nextCursor?: string | undefined;
  /** Lists: a next page is being read. */
  readonly isFetchingNextPage?: boolean | undefined;
  /** Lists: items per page, as the list's first read asked for them (its later reads ask the same). */
  readonly pageSize?: number | undefined;
  /**
   * Lists: ids created (here or by an event) since the pages were read, in the order they came; shown
   * at the end once the list has no next page (before that, their page brings them).
   */
  readonly joined?: readonly string[] | undefined;
  /** Lists: how many ids had joined when the read of the whole list in flight began. */
  readonly joinedAtStart?: number | undefined;
}

/** Every way a read's state changes; `readReducer` is the one place that applies them. */
export type ReadAction =
  /** A read went out (`nextPage`: a list's next page). */
  | { readonly type: 'started'; readonly nextPage?: boolean | undefined }
  /** The read succeeded at `at`; `result` for reads the store does not hold as latest. */
  | {
      readonly type: 'succeeded';
      readonly at: number;
      readonly result?: unknown;
      readonly resultAt?: number | undefined;
    }
  /** The read failed; earlier data stays. */
  | { readonly type: 'failed'; readonly at: number; readonly error: VStoreError }
  /** Nobody wanted the read any more and it was aborted: as it was, only no longer fetching. */
  | { readonly type: 'abandoned' }
  /** The service confirmed the store's copy (a latest read's reply, or a write's answer). */
  | { readonly type: 'confirmed'; readonly at: number }
  /** List pages landed: the first page or a refetch replaces them all, a next page is appended. */
  | {
      readonly type: 'paged';
      readonly at: number;
      readonly pages: readonly ListPageState[];
      readonly nextCursor: string | undefined;
      readonly append: boolean;
      readonly pageSize: number;
    }
  /** A created entity joins the list (see `joined`). */
  | { readonly type: 'joined'; readonly id: string }
  /** A server's record of this read (hydration); only what is newer than the state's own outcome. */
  | { readonly type: 'restored'; readonly state: Partial<ReadState> };

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A copy of `state` with every field, always in the same order: every state has one shape, so the
 * code that reads states stays monomorphic (a spread would give each sequence of actions a shape of
 * its own), and the copy is a plain literal.
 */
function copy(state: ReadState): Mutable<ReadState> {
  return {
    isFetching: state.isFetching,
    confirmedAt: state.confirmedAt,
    settledAt: state.settledAt,
    error: state.error,
    errorAt: state.errorAt,
    result: state.result,
    resultAt: state.resultAt,
    pages: state.pages,
    nextCursor: state.nextCursor,
    isFetchingNextPage: state.isFetchingNextPage,
    pageSize: state.pageSize,
    joined: state.joined,
    joinedAtStart: state.joinedAtStart,
  };
}

export const IDLE_STATE: ReadState = Object.freeze(copy({ isFetching: false }));

const lastOutcome = (state: ReadState) => Math.max(state.settledAt ?? -1, state.errorAt ?? -1);

/** The next state after `action`; `state` itself when nothing changes. Pure. */
export function readReducer(state: ReadState, action: ReadAction): ReadState {
  switch (action.type) {
    case 'started': {
      const nextPage = action.nextPage === true;
      if (state.isFetching && (state.isFetchingNextPage === true) === nextPage) return state;
      const next = copy(state);
      next.isFetching = true;
      next.isFetchingNextPage = nextPage;
      // What joined before a read of the whole list began is on its pages or on a later one; what
      // joins while it is in flight may be newer than its reply (see 'paged').
      next.joinedAtStart = nextPage ? undefined : (state.joined?.length ?? 0);
      return next;
    }
    case 'succeeded': {
      const next = settled(state);
      next.settledAt = action.at;
      next.error = undefined;
      next.errorAt = undefined;
      if ('result' in action) {
        next.result = action.result;
        next.resultAt = action.resultAt;
      }
      return next;
    }
    case 'failed': {
      const next = settled(state);
      next.error = action.error;
      next.errorAt = action.at;
      return next;
    }
    case 'abandoned':
      return state.isFetching ? settled(state) : state;
    case 'confirmed': {
      if ((state.confirmedAt ?? -1) >= action.at) return state;
      const next = copy(state);
      next.confirmedAt = action.at;
      return next;
    }
    case 'paged': {
      const next = settled(state);
      next.settledAt = action.at;
      if (!action.append) next.confirmedAt = action.at;
      next.error = undefined;
      next.errorAt = undefined;
      next.pages = action.append ? [...(state.pages ?? []), ...action.pages] : action.pages;
      next.nextCursor = action.nextCursor;
      next.pageSize = state.pageSize ?? action.pageSize;
      // A full read brings the created ones in their places, except those made while it was in
      // flight, which its reply may predate: they stay unless its pages hold them. After a next page
      // they all stay, shown last (an id on a page shows there, once).
      if (!action.append) next.joined = joinedDuring(state, action.pages);
      return next;
    }
    case 'joined': {
      if (state.joined?.includes(action.id)) return state;
      const next = copy(state);
      next.joined = [...(state.joined ?? []), action.id];
      return next;
    }
    case 'restored': {
      const { confirmedAt, ...outcome } = action.state;
      const newerConfirmation = confirmedAt !== undefined && confirmedAt > (state.confirmedAt ?? -1);
      // The client's own outcome for this read, if at least as recent, stands.
      const newerOutcome = lastOutcome(state) < lastOutcome({ isFetching: false, ...outcome });
      if (!newerConfirmation && !newerOutcome) return state;
      const next = copy(state);
      if (newerConfirmation) next.confirmedAt = confirmedAt;
      // Through `copy`: only the fields a state has are taken from the record (a hydrated snapshot).
      return newerOutcome ? copy({ ...next, ...outcome, isFetching: state.isFetching }) : next;
    }
  }
}

/** A copy no longer fetching (a read ended: landed, failed or abandoned). */
function settled(state: ReadState): Mutable<ReadState> {
  const next = copy(state);
  next.isFetching = false;
  next.isFetchingNextPage = false;
  next.joinedAtStart = undefined;
  return next;
}

/** The ids that joined while the read of `pages` was in flight and are not on them; undefined if none. */
function joinedDuring(state: ReadState, pages: readonly ListPageState[]): readonly string[] | undefined {
  const during = state.joined?.slice(state.joinedAtStart ?? state.joined.length);
  if (!during?.length) return undefined;
  const read = new Set(pages.flatMap((page) => page.ids));
  const kept = during.filter((id) => !read.has(id));
  return kept.length ? kept : undefined;
}
