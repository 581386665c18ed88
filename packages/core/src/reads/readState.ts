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
  /** Resources without versions: the start number of the request whose reply is held. */
  readonly startOrder?: number | undefined;
  /** Lists: the pages loaded, first to last. */
  readonly pages?: readonly ListPageState[] | undefined;
  /** Lists: where the page after the last loaded one starts; undefined when there is none. */
  readonly nextCursor?: string | undefined;
  /** Lists: a next page is being read. */
  readonly isFetchingNextPage?: boolean | undefined;
  /** Lists: items per page, as the list's first read asked for them (its later reads ask the same). */
  readonly pageSize?: number | undefined;
  /** Lists: ids created (here or by an event) after the last page was read, in the order they came. */
  readonly joined?: readonly string[] | undefined;
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
  /** A reply of request `seq` is the held latest (resources without versions). */
  | { readonly type: 'admitted'; readonly seq: number }
  /** List pages landed: the first page or a refetch replaces them all, a next page is appended. */
  | {
      readonly type: 'paged';
      readonly at: number;
      readonly pages: readonly ListPageState[];
      readonly nextCursor: string | undefined;
      readonly append: boolean;
      readonly pageSize: number;
    }
  /** A created entity joins a list that has no next page. */
  | { readonly type: 'joined'; readonly id: string }
  /** A server's record of this read (hydration); only what is newer than the state's own outcome. */
  | { readonly type: 'restored'; readonly state: Partial<ReadState> };

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const IDLE_STATE: ReadState = Object.freeze({ isFetching: false });

const lastOutcome = (state: ReadState) => Math.max(state.settledAt ?? -1, state.errorAt ?? -1);

/** The next state after `action`; `state` itself when nothing changes. Pure. */
export function readReducer(state: ReadState, action: ReadAction): ReadState {
  switch (action.type) {
    case 'started': {
      const nextPage = action.nextPage === true;
      return state.isFetching && (state.isFetchingNextPage === true) === nextPage
        ? state
        : { ...state, isFetching: true, isFetchingNextPage: nextPage };
    }
    case 'succeeded': {
      const next: Mutable<ReadState> = {
        ...state,
        isFetching: false,
        isFetchingNextPage: false,
        settledAt: action.at,
        error: undefined,
        errorAt: undefined,
      };
      if ('result' in action) {
        next.result = action.result;
        next.resultAt = action.resultAt;
      }
      return next;
    }
    case 'failed':
      return {
        ...state,
        isFetching: false,
        isFetchingNextPage: false,
        error: action.error,
        errorAt: action.at,
      };
    case 'abandoned':
      return state.isFetching ? { ...state, isFetching: false, isFetchingNextPage: false } : state;
    case 'confirmed':
      return (state.confirmedAt ?? -1) >= action.at ? state : { ...state, confirmedAt: action.at };
    case 'admitted':
      return { ...state, startOrder: action.seq };
    case 'paged':
      return {
        ...state,
        isFetching: false,
        isFetchingNextPage: false,
        settledAt: action.at,
        confirmedAt: action.append ? state.confirmedAt : action.at,
        error: undefined,
        errorAt: undefined,
        pages: action.append ? [...(state.pages ?? []), ...action.pages] : action.pages,
        nextCursor: action.nextCursor,
        pageSize: state.pageSize ?? action.pageSize,
        // A full read brings the created ones in their places; after a next page they come last still.
        joined: action.append ? state.joined : undefined,
      };
    case 'joined':
      return state.joined?.includes(action.id)
        ? state
        : { ...state, joined: [...(state.joined ?? []), action.id] };
    case 'restored': {
      const { confirmedAt, ...outcome } = action.state;
      let next = state;
      if (confirmedAt !== undefined && confirmedAt > (state.confirmedAt ?? -1))
        next = { ...next, confirmedAt };
      // The client's own outcome for this read, if at least as recent, stands.
      return lastOutcome(state) < lastOutcome({ isFetching: false, ...outcome })
        ? { ...next, ...outcome, isFetching: state.isFetching }
        : next;
    }
  }
}
