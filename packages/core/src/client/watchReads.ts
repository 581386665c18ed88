import { contextOf } from '../reads/readContext';
import { readKeyParts } from '../reads/readKey';
import type { ReadAction, ReadState } from '../reads/readState';
import type { Client } from './createClient';

/** One read of a client, as tools show it: what it reads, and its state. */
export interface ReadInfo {
  /** The read-cache key (`readKey`). */
  readonly key: string;
  readonly type: string;
  /** The entity's id; for a list, its params as a key. */
  readonly id: string;
  /** 0 the latest, n a version, `history`, `list`, or `poll` (a task's polling). */
  readonly read: number | 'history' | 'list' | 'poll';
  readonly state: ReadState;
}

/** What changed a read: the action its entry applied (`started`, `succeeded`, `failed`, `paged`, …). */
export interface ReadChange extends ReadInfo {
  readonly action: ReadAction['type'];
}

const infoOf = (key: string, state: ReadState): ReadInfo => {
  const parts = readKeyParts(key);
  if (parts) return { key, ...parts, state };
  const [type = '', id = ''] = key.split('\u0000');
  return { key, type, id, read: 'poll', state };
};

/**
 * Every read of `client` and its state now (the read cache's entries, oldest first): for devtools
 * and diagnostics. A function of its own, so apps that never inspect reads do not ship it.
 */
export function readStates(client: Client): ReadInfo[] {
  return [...contextOf(client).reads.entries()].map((entry) => infoOf(entry.key, entry.state));
}

/**
 * Calls `listener` after every change of a read's state (started, succeeded, failed, confirmed, a
 * list's pages, …), with the action that made it; returns the function that stops it. Costs nothing
 * while nobody watches.
 */
export function watchReads(client: Client, listener: (change: ReadChange) => void): () => void {
  return contextOf(client).reads.watch((entry, action) =>
    listener({ ...infoOf(entry.key, entry.state), action: action.type }),
  );
}
