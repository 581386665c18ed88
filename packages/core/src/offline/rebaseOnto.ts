import type { OutboxEntry } from './outboxEntry';

/**
 * A later pending update of the same entity, rebased onto what an earlier update landed as; undefined
 * when `later` is no such entry. Its base was made over the earlier change as sent, and the service
 * may have stored that otherwise (a name trimmed, a currency upper-cased): kept as sent, the later
 * entry would be held as a conflict with the person's own write. The fields the earlier change wrote
 * take the landed values. When nothing else was written between (the landed version is the one after
 * the earlier PATCH's `sentFrom`, which is also the later entry's base version), the base moves to the
 * landed version too, so only writes after it are compared.
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
  const base: Record<string, unknown> = { ...later.base };
  for (const field of Object.keys(earlier.patch ?? {}))
    if (Object.hasOwn(stored, field)) base[field] = stored[field];
    else delete base[field];
  const version = stored.version;
  const { sentFrom } = earlier;
  const moved =
    typeof version === 'number' &&
    sentFrom !== undefined &&
    later.baseVersion === sentFrom &&
    version === sentFrom + 1;
  return moved ? { ...later, base: { ...base, version }, baseVersion: version } : { ...later, base };
}
