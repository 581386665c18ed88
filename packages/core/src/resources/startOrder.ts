import type { RequestCache } from '../observers/requestCache';
import { readKey } from '../observers/requestCache';
import { sameContent } from '../store/sameContent';
import type { EntityStore } from '../store/types';

// One sequence for every start order: the numbers recorded for a key must grow with start time
// whichever definition object or client started the request (a second definition of the same type,
// a module re-run by hot reload), so a per-definition counter starting again at 1 would be refused.
let started = 0;

/**
 * Request-start order for a resource without versions: a latest read's reply is stored unless a
 * reply to a request started later is already held, so an older reply never replaces a newer one.
 * The order of what was applied lives in the client's request cache, beside the read's other state.
 */
export function createStartOrder(store: EntityStore, requests: RequestCache, type: string) {
  // The store takes whatever this gate admits; the same content again is a duplicate, which notifies nobody.
  store.setOrder(type, (incoming, held) => (sameContent(incoming, held) ? 0 : 1));
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
