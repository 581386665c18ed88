/** The parts of a request cache key (see `readKey`) that a snapshot carries: latest, version or history. */
export function readKeyParts(
  key: string,
): { type: string; id: string; read: number | 'history' } | undefined {
  const first = key.indexOf('\u0000');
  const last = key.lastIndexOf('\u0000');
  if (first < 0 || last === first) return undefined;
  const kind = key.slice(last + 1);
  // Task polling ('poll') is not a read a page renders: the task itself is in the store's snapshot.
  const read = kind === 'history' ? kind : /^\d+$/.test(kind) ? Number(kind) : undefined;
  if (read === undefined) return undefined;
  return { type: key.slice(0, first), id: key.slice(first + 1, last), read };
}
