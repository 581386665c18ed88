import type { ReadContext } from '../reads/readContext';
import { idOf } from '../resources/resourceOps';
import { checkEntity } from '../ssr/checkEntity';
import type { OutboxEntry } from './outboxEntry';

/**
 * Another tab's send of `entry` landed with `entity`: it passes this tab's checks and version gate, so
 * this tab's readers hold it before the entry leaves their view (else they would show the version
 * before the write until something read it again). One that fails the checks stays out: the entry
 * leaves the view, and the next read brings the latest.
 */
export function applyLanded(ctx: ReadContext, entry: OutboxEntry | undefined, entity: unknown): void {
  const def = entry && ctx.definitions.get(entry.type);
  if (!entry || !def || entry.kind === 'delete' || typeof entity !== 'object' || entity === null) return;
  const id = entry.entityId ?? idOf(def, entity);
  if (typeof id !== 'string') return;
  try {
    ctx.store.apply(
      entry.type,
      id,
      checkEntity(ctx.definitions, entry.type, id, entity, 'entity'),
      'broadcast',
    );
  } catch {
    // Refused by the checks (or the gate's own TypeError): nothing of it is kept.
  }
}
