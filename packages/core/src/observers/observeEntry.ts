import type { ReadCache } from '../reads/readCache';
import type { ReadEntry } from '../reads/readEntry';
import type { ReadState } from '../reads/readState';
import { resultListeners } from './resultListeners';

/** What `observeEntry` gives an observer: its result, the state it comes from, its listeners. */
export interface ObservedEntry<R> {
  /** The result, the same object until `derive` makes another. */
  getResult(): R;
  /** The entry's state (the attached entry's while subscribed), if there is an entry. */
  state(): ReadState | undefined;
  /** Tells listeners when the result changed; call it when something `derive` reads changed. */
  changed(): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The wiring every observer of one read key shares. The result is derived from the entry's state
 * (and whatever else `derive` reads), and listeners hear only of a new result. While anyone listens,
 * the entry is retained and listened to, and `attach` adds what else the observer follows; the entry
 * is looked up at each first subscription, since an idle entry may be dropped and made anew.
 */
export function observeEntry<R>(
  reads: ReadCache,
  key: string,
  derive: (state: ReadState | undefined, prev: R | undefined) => R,
  attach: (entry: ReadEntry, changed: () => void) => (() => void) | undefined,
): ObservedEntry<R> {
  let attached: ReadEntry | undefined;
  let result: R | undefined;
  const state = () => (attached ?? reads.peek(key))?.state;
  const getResult = () => {
    result = derive(state(), result);
    return result;
  };
  const listeners = resultListeners(getResult, () => {
    const entry = reads.entry(key);
    attached = entry;
    const release = entry.retain();
    const offEntry = entry.subscribe(listeners.changed);
    const detach = attach(entry, listeners.changed);
    return () => {
      detach?.();
      offEntry();
      release();
      attached = undefined;
    };
  });
  return { getResult, state, changed: listeners.changed, subscribe: listeners.subscribe };
}
