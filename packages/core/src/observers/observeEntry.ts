import type { ReadCache } from '../reads/readCache';
import type { ReadEntry } from '../reads/readEntry';
import type { ReadState } from '../reads/readState';
import { EntryObserver } from './entryObserver';

/** An `EntryObserver` with `derive` and `attach` given as functions. */
export function observeEntry<R>(
  reads: ReadCache,
  key: string,
  derive: (state: ReadState | undefined, prev: R | undefined) => R,
  attach: (entry: ReadEntry, changed: () => void) => (() => void) | undefined,
): EntryObserver<R> {
  return new EntryObserver(reads, key, derive, attach);
}
