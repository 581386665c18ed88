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
  if (list.length < limit) {
    list.splice(at, 0, entity);
    cache.set(id, list);
  } else if (at === 0) return 'stale';
  else {
    // Full: drop the lowest by moving the ones below `at` down a slot. A plain loop: shift/splice
    // reallocate and copyWithin is a slow generic builtin, on a path every accepted write takes.
    for (let i = 1; i < at; i++) list[i - 1] = list[i]!;
    list[at - 1] = entity;
  }
  return 'applied';
}

export const findVersion = (
  cache: HistoryCache | undefined,
  id: string,
  version: number,
): Versioned | undefined => cache?.get(id)?.find((entity) => entity.version === version);
