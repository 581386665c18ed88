import { safeParse } from 'zod/mini';
import type { ReadContext } from '../reads/readContext';
import { idOf } from '../resources/resourceOps';
import type { OutboxEntry } from './outboxEntry';

/**
 * Another tab's send of `entry` landed with `entity`: it passes this tab's schema and version gate (a
 * deletion removes the entity), so this tab's readers hold it before the entry leaves their view (else
 * they would show the version before the write until something read it again). One the schema
 * refuses, or of another id, stays out: the entry leaves the view, and the next read brings the latest.
 */
export function applyLanded(ctx: ReadContext, entry: OutboxEntry | undefined, entity: unknown): void {
  const def = entry && ctx.definitions.get(entry.type);
  if (!entry || !def) return;
  // A deletion that landed: the entity is gone there, and so here.
  if (entry.kind === 'delete') {
    ctx.store.remove(entry.type, entry.entityId as string, 'broadcast');
    return;
  }
  const parsed = safeParse(def.schema, entity);
  if (!parsed.success) return;
  const id = idOf(def, parsed.data as object);
  if (typeof id !== 'string' || (entry.entityId !== undefined && id !== entry.entityId)) return;
  try {
    ctx.store.apply(entry.type, id, parsed.data as object, 'broadcast');
  } catch {
    // The gate's TypeError (no valid version): nothing of it is kept.
  }
}
