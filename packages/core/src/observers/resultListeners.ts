import { ListenerList } from '../store/listenerList';

/**
 * The listener half of an observer: its listeners, the first join and last leave reported to
 * `attach` (which returns its detach), and `changed` which notifies only when the result is a new
 * object. Results are compared by identity: a change that leaves every field as it was notifies nobody.
 */
export function resultListeners<R>(getResult: () => R, attach: () => () => void) {
  const listeners = new ListenerList();
  let detach: (() => void) | undefined;
  let seen: R | undefined;
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1) {
        seen = getResult();
        detach = attach();
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        const off = detach;
        detach = undefined;
        off?.();
      };
    },
    changed(): void {
      if (listeners.size === 0) return;
      const next = getResult();
      if (next === seen) return;
      seen = next;
      listeners.notify('observer listeners threw');
    },
  };
}
