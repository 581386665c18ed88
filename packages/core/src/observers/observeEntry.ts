import type { ReadCache } from '../reads/readCache';
import type { ReadEntry } from '../reads/readEntry';
import type { ReadState } from '../reads/readState';
import { EntryObserver } from './entryObserver';

/** An `EntryObserver` from two functions, for observers made once per view (histories, lists, tasks). */
class CallbackObserver<R> extends EntryObserver<R> {
  constructor(
    reads: ReadCache,
    key: string,
    private readonly deriveWith: (state: ReadState | undefined, prev: R | undefined) => R,
    private readonly attachWith: (entry: ReadEntry, changed: () => void) => (() => void) | undefined,
  ) {
    super(reads, key);
  }

  protected derive(state: ReadState | undefined, prev: R | undefined): R {
    return this.deriveWith(state, prev);
  }

  protected attach(entry: ReadEntry): (() => void) | undefined {
    return this.attachWith(entry, this.changed);
  }
}

/** The wiring of `EntryObserver`, with `derive` and `attach` given as functions. */
export function observeEntry<R>(
  reads: ReadCache,
  key: string,
  derive: (state: ReadState | undefined, prev: R | undefined) => R,
  attach: (entry: ReadEntry, changed: () => void) => (() => void) | undefined,
): EntryObserver<R> {
  return new CallbackObserver(reads, key, derive, attach);
}
