import type { RequestCache } from '../observers/requestCache';
import { readKey } from '../observers/requestCache';
import { sameContent } from '../store/sameContent';
import type { EntityStore } from '../store/types';

/**
 * Request-start order for a resource without versions: a latest read's reply is stored unless a
 * reply to a request started later is already held, so an older reply never replaces a newer one.
 * The order of what was applied lives in the client's request cache, beside the read's other state.
 */
export function createStartOrder(store: EntityStore, requests: RequestCache, type: string) {
  // The store takes whatever this gate admits; the same content again is a duplicate, which notifies nobody.
  store.setOrder(type, (incoming, held) => (sameContent(incoming, held) ? 0 : 1));
  let started = 0;
  return {
    /** Called as a request starts; its number orders its reply. */
    start: () => ++started,
    /** Whether the reply to request `seq` may be stored; records it when it may. */
    admit(id: string, seq: number): boolean {
      const key = readKey(type, id, 0);
      if (seq < (requests.get(key)?.startOrder ?? 0)) return false;
      requests.set(key, { startOrder: seq });
      return true;
    },
  };
}
