/**
 * Which read of an entity a key names: 0 the latest, n >= 1 a historical version, its history list,
 * a task's polling, or (with the list's params in place of the id) a list.
 */
export type ReadKind = number | 'history' | 'poll' | 'list';

/**
 * The read-cache key of one read: `type` and `id` with the kind of read (0 the latest, n a version,
 * `history`, `poll`, or `list` with the params key in place of the id). For tools and tests that look
 * at a client's read state.
 */
export const readKey = (type: string, id: string, kind: ReadKind): string =>
  `${type}\u0000${id}\u0000${kind}`;

/** The parts of a key that a snapshot carries (latest, version, history, list); undefined for others. */
export function readKeyParts(
  key: string,
): { type: string; id: string; read: number | 'history' | 'list' } | undefined {
  const first = key.indexOf('\u0000');
  const last = key.lastIndexOf('\u0000');
  if (first < 0 || last === first) return undefined;
  const kind = key.slice(last + 1);
  // Task polling ('poll') is not a read a page renders: the task itself is in the store's snapshot.
  const read = kind === 'history' || kind === 'list' ? kind : /^\d+$/.test(kind) ? Number(kind) : undefined;
  if (read === undefined) return undefined;
  return { type: key.slice(0, first), id: key.slice(first + 1, last), read };
}
