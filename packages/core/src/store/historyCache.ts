import type { Versioned } from './types';

/** Historical versions per id, ascending by version. */
export type HistoryCache = Map<string, Versioned[]>;

/**
 * Keeps `entity` among the versions of `id`, at most `limit` of them (0 or less keeps nothing).
 * When full, the lowest version goes: recent history is what screens show. A plain array is enough,
 * as `limit` is small (default 20). Returns 'applied' when kept, 'duplicate' when that version is
 * already held, 'stale' when it is too old to keep.
 */
export function putVersion(
  cache: HistoryCache,
  id: string,
  entity: Versioned,
  limit: number,
): 'applied' | 'duplicate' | 'stale' {
  const list = cache.get(id) ?? [];
  let at = list.length;
  while (at > 0 && list[at - 1]!.version > entity.version) at--;
  if (list[at - 1]?.version === entity.version) return 'duplicate';
  if (at === 0 && list.length >= limit) return 'stale';
  list.splice(at, 0, entity);
  // Full: the lowest goes. splice and shift move at most `limit` pointers and allocate nothing new.
  if (list.length > limit) list.shift();
  cache.set(id, list);
  return 'applied';
}

export const findVersion = (
  cache: HistoryCache | undefined,
  id: string,
  version: number,
): Versioned | undefined => cache?.get(id)?.find((entity) => entity.version === version);
