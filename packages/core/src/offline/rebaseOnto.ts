import { sameContent } from '../store/sameContent';
import type { OutboxEntry } from './outboxEntry';

/**
 * A later pending update of the same entity, rebased onto what an earlier update landed as; undefined
 * when `later` is no such entry. Its base was made over the earlier change as sent, and the service
 * may have stored that otherwise (a name trimmed, a currency upper-cased): kept as sent, the later
 * entry would be held as a conflict with the person's own write. Only when `landed` is the version the
 * earlier write made (the one after its PATCH's `sentFrom`), the fields the later base holds as that
 * change sent them take the landed values; and when that is also the later entry's base version
 * (nothing else was written between), the base moves to the landed version, so only writes after it
 * are compared.
 */
export function rebaseOnto(
  later: OutboxEntry,
  earlier: OutboxEntry,
  landed: object,
): OutboxEntry | undefined {
  if (
    later.kind !== 'update' ||
    later.status !== 'pending' ||
    later.type !== earlier.type ||
    later.entityId !== earlier.entityId ||
    later.id === earlier.id ||
    !later.base
  )
    return undefined;
  const stored = landed as Record<string, unknown>;
  const version = stored.version;
  const { sentFrom } = earlier;
  // Only the version the earlier write itself made holds its values as stored: a later one (found
  // landed through the latest after a lost answer) may hold another writer's change of them.
  if (typeof version !== 'number' || sentFrom === undefined || version !== sentFrom + 1) return undefined;
  const base: Record<string, unknown> = { ...later.base };
  const patch = earlier.patch ?? {};
  // A field the later base holds from the earlier change as sent, not from an entry in between.
  for (const field of Object.keys(patch))
    if (sameContent(base[field], patch[field]))
      if (Object.hasOwn(stored, field)) base[field] = stored[field];
      else delete base[field];
  return later.baseVersion === sentFrom
    ? { ...later, base: { ...base, version }, baseVersion: version }
    : { ...later, base };
}
