import { sameContent } from './sameContent';
import type { EntityOrder } from './types';

/**
 * The order of a type that has none of its own (no versions, no `order`): what arrives later is newer,
 * unless it is the same content (a duplicate, which notifies nobody). Its callers put replies in
 * order before they reach the store. A copy from storage or a snapshot (origin `persisted` or
 * `hydrate`) has no place in that order, so the store lets one in only where it holds nothing.
 */
export const arrivalOrder: EntityOrder = (incoming, held) => (sameContent(incoming, held) ? 0 : 1);
