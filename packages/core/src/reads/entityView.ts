import { callEach, throwCollected } from '../store/callEach';
import type { EntityStore } from '../store/types';
import type { ReadCache } from './readCache';
import { readKey } from './readKey';

/**
 * Pending changes laid over a store (an outbox's writes not yet landed): for a key with one, the view
 * to show; `undefined` for every other key.
 */
export interface Overlay {
  view(type: string, id: string): object | undefined;
  /** Calls `listener` with the key whose view changed (a change made, landed or dropped). */
  subscribe(listener: (type: string, id: string) => void): () => void;
}

/**
 * What readers (observers, lists) show of an entity: the store's latest, or, while an overlay holds
 * a pending change to it, that change over the store's copy. `store.get` stays the confirmed state.
 */
export interface EntityView {
  get<T extends object>(type: string, id: string): T | undefined;
  /** Calls `listener` when the view of a key changed without a store write (the overlay's changes). */
  onChange(listener: (type: string, id: string) => void): () => void;
  /** Lays `overlay` over the store until the returned function is called; one overlay at a time. */
  attach(overlay: Overlay): () => void;
}

export function createEntityView(store: EntityStore, reads: ReadCache): EntityView {
  let overlay: Overlay | undefined;
  const listeners = new Set<(key: { type: string; id: string }) => void>();
  // Each listener isolated from the others: one that throws leaves no list or observer behind.
  const changed = (type: string, id: string) => {
    let errors: unknown[] | undefined;
    try {
      // Observers of the latest listen to its read entry; lists listen here.
      reads.peek(readKey(type, id, 0))?.notify();
    } catch (error) {
      errors = [error];
    }
    errors = callEach(listeners, { type, id }, errors);
    throwCollected(errors, 'view listeners threw');
  };
  return {
    get: <T extends object>(type: string, id: string) =>
      (overlay?.view(type, id) ?? store.get<T>(type, id)) as T | undefined,
    onChange(listener) {
      const each = ({ type, id }: { type: string; id: string }) => listener(type, id);
      listeners.add(each);
      return () => listeners.delete(each);
    },
    attach(next) {
      if (overlay) throw new TypeError('this client already shows another outbox: close it first');
      overlay = next;
      const off = next.subscribe(changed);
      return () => {
        if (overlay !== next) return;
        off();
        overlay = undefined;
      };
    },
  };
}
