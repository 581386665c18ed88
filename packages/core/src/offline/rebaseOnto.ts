import { sameContent } from '../store/sameContent';
import type { OutboxEntry } from './outboxEntry';

/**
 * A later pending update of the same entity, rebased onto what an earlier update landed as; undefined
 * when `later` is no such entry. Its base was made over the earlier change as sent, and the service
 * may have stored that otherwise (a name trimmed, a currency upper-cased): kept as sent, the later
 * entry would be held as a conflict with the person's own write. Only when `landed` is the version the
 * earlier write made (the one after its PATCH's `sentFrom`), the fields the later base holds as that
 * change sent them take the landed values; and when that is also the later entry's base version
 * (nothing else was written between) and its base holds the whole change, the base moves to the
 * landed version, so only writes after it are compared.
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
  // The fields the later base holds from the earlier change as sent, not from an entry in between.
  const held = Object.keys(patch).filter((field) => sameContent(base[field], patch[field]));
  for (const field of held)
    if (Object.hasOwn(stored, field)) base[field] = stored[field];
    else delete base[field];
  // The base moves only when it was made over the earlier change whole, on the version that change
  // was sent from: an entry another tab made over that version without it is compared as it was.
  return later.baseVersion === sentFrom && held.length === Object.keys(patch).length
    ? { ...later, base: { ...base, version }, baseVersion: version }
    : { ...later, base };
}
