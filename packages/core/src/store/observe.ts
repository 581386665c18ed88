import { Observable } from 'rxjs';
import type { Entity } from './types';

interface KeyReader {
  get(type: string, id: string): Entity | undefined;
  /** A reader without removal (an optimistic view) never completes. */
  isRemoved?(type: string, id: string): boolean;
  subscribe(type: string, id: string, listener: () => void): () => void;
}

/**
 * The value of one key as an Observable: current value first, then each accepted change. Values are
 * compared by identity, so a notification that brings nothing new (a listener re-entering the store)
 * emits nothing and emitted versions stay strictly increasing. A removed key never comes back, so
 * the stream completes after emitting `undefined`.
 */
export function observeKey<T extends object>(
  store: KeyReader,
  type: string,
  id: string,
): Observable<T | undefined> {
  return new Observable<T | undefined>((subscriber) => {
    let last: unknown = subscriber; // differs from every value, so the current one is emitted first
    const update = () => {
      const next = store.get(type, id);
      if (next !== last) {
        last = next;
        subscriber.next(next as T | undefined);
      }
      if (store.isRemoved?.(type, id)) subscriber.complete();
    };
    update();
    // On an already completed subscriber, RxJS runs this teardown at once.
    return store.subscribe(type, id, update);
  });
}

/** An Observable over a listener set the store owns; the set's size tells the store whether anyone listens. */
export function observeListeners<T>(listeners: Set<(value: T) => void>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const listener = (value: T) => subscriber.next(value);
    listeners.add(listener);
    return () => listeners.delete(listener);
  });
}
