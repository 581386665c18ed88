import type { EntityView } from '../reads/entityView';
import type { OutboxEntry } from './outboxEntry';

/**
 * What an update of entity `id` made now keeps as its base: what the view shows (the held version
 * with the entity's pending changes over it) and, over that, its updates still being stored, which
 * the view does not show yet.
 */
export function updateBase(
  view: EntityView,
  storing: Iterable<OutboxEntry>,
  type: string,
  id: string,
): Record<string, unknown> | undefined {
  let shown = view.get<Record<string, unknown>>(type, id);
  for (const earlier of storing)
    if (shown && earlier.kind === 'update' && earlier.type === type && earlier.entityId === id)
      shown = { ...shown, ...earlier.patch };
  return shown;
}
