import type { ReadInfo } from '@vstore/core';
import { createRingBuffer, type RingBuffer } from './ringBuffer';

/**
 * One run of failures of a read, for the "To look at" list: from its first failure until the same
 * read next succeeds. Holds the error's name and message only (core has scrubbed them of tokens; no
 * header is ever read), so the list keeps no error or app data alive.
 */
export interface ReadFailure {
  /** `readName` and `kindLabel` of the read, e.g. `spend_control/sc_9 latest`. */
  readonly read: string;
  /** When the run began (the first failure's time). */
  readonly time: number;
  /** The latest failure's error. */
  name: string;
  message: string;
  /** Failures in this run: a retry or refetch that fails again adds one rather than a row. */
  failures: number;
  /** When the read next succeeded; undefined while it still fails. */
  recoveredAt: number | undefined;
}

/** Which reads the Reads view shows: all, those in flight, failing ones, or one kind of read. */
export type ReadFilter = 'all' | 'in flight' | 'failing' | 'latest' | 'version' | 'history' | 'list' | 'poll';

export const READ_FILTERS: readonly ReadFilter[] = [
  'all',
  'in flight',
  'failing',
  'latest',
  'version',
  'history',
  'list',
  'poll',
];

/** The kind of a read as the panel names it: `latest`, `v3` (a historical version), `history`, `list`, `poll`. */
export const kindLabel = (read: ReadInfo['read']): string =>
  read === 0 ? 'latest' : typeof read === 'number' ? `v${read}` : read;

/** What a read reads: `type/id`, or for a list its type and params, `spend_control?account_id=acc_1`. */
export const readName = ({ type, id, read }: Pick<ReadInfo, 'type' | 'id' | 'read'>): string =>
  read === 'list' ? (id ? `${type}?${id}` : type) : `${type}/${id}`;

/** A read's name and kind together: unique per read, so it also tells rows apart across redraws. */
export const readLabel = (info: Pick<ReadInfo, 'type' | 'id' | 'read'>): string =>
  `${readName(info)} ${kindLabel(info.read)}`;

/** Whether the Reads view shows `info` under `filter` and a lowercase part of its name (`needle`). */
export function showsRead(filter: ReadFilter, needle: string, info: ReadInfo): boolean {
  const { read, state } = info;
  const kind = typeof read === 'number' ? (read ? 'version' : 'latest') : read;
  return (
    (filter === 'all' ||
      filter === kind ||
      (filter === 'in flight' ? state.isFetching : filter === 'failing' && !!state.error)) &&
    readName(info).toLowerCase().includes(needle)
  );
}

/** Ids a list's read holds: every page's, and those created since that joined it, each once. */
export function listRows(state: ReadInfo['state']): number {
  const ids = new Set(state.joined);
  for (const page of state.pages ?? []) for (const id of page.ids) ids.add(id);
  return ids.size;
}

/** The read failures of the "To look at" list, and the runs still open. */
export interface ReadFailures {
  readonly list: RingBuffer<ReadFailure>;
  /**
   * Follows a read's state: a new error opens a run (true: one more thing to look at) or adds to the
   * open one; a state without an error closes the open run as recovered.
   */
  record(info: ReadInfo, now: number): boolean;
  clear(): void;
}

/** Read failures kept for the "To look at" list, apart from the write problems. */
export const FAILURES_KEPT = 100;

export function createReadFailures(): ReadFailures {
  const list = createRingBuffer<ReadFailure>(FAILURES_KEPT);
  // Per read key, while the run is open: the failure last seen and its row. A state keeps its error
  // while the read starts again, is confirmed or abandoned, so the same failure must not count twice;
  // it is known again by its time and message, not by the error itself, which would keep the
  // error (an ApiError's body, its cause) alive long after the read cache let it go.
  const open = new Map<string, { seen: string; row: ReadFailure | undefined }>();
  return {
    list,
    record({ key, state, ...read }, now) {
      const run = open.get(key);
      const { error } = state;
      if (error === undefined) {
        if (run?.row) run.row.recoveredAt = state.settledAt ?? now;
        open.delete(key);
        return false;
      }
      const { name, message } = error;
      const seen = `${state.errorAt} ${message}`;
      if (run?.seen === seen) return false;
      if (run?.row) {
        Object.assign(run.row, { name, message, failures: run.row.failures + 1 });
        run.seen = seen;
        return false;
      }
      const row: ReadFailure = {
        read: readLabel(read),
        time: state.errorAt ?? now,
        name,
        message,
        failures: 1,
        recoveredAt: undefined,
      };
      list.push(row);
      open.delete(key);
      open.set(key, { seen, row });
      // Runs older than the list's capacity have left it: only their marks would stay behind.
      if (open.size > FAILURES_KEPT) open.delete(open.keys().next().value as string);
      return true;
    },
    clear() {
      list.clear();
      // The marks stay, so a read still failing is not counted again at its next start; the rows go.
      for (const run of open.values()) run.row = undefined;
    },
  };
}
