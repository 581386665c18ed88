import type { Entity } from './types';

export interface SnapshotEntries {
  entities: ReadonlyArray<readonly [string, string, Entity]>;
  removed: ReadonlyArray<readonly [string, string]>;
}

const isKeyPair = (entry: unknown): entry is [string, string, ...unknown[]] =>
  Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string';

/**
 * Checks the shape of an untrusted snapshot (it usually arrives through HTML or JSON). Only the
 * envelope is checked here; each entity then goes through the store's own gate and freeze.
 */
export function readSnapshot(input: unknown): SnapshotEntries {
  const { format, entities, removed } = (input ?? {}) as Record<string, unknown>;
  if (
    format !== 1 ||
    !Array.isArray(entities) ||
    !Array.isArray(removed) ||
    !entities.every((e) => isKeyPair(e) && typeof e[2] === 'object' && e[2] !== null) ||
    !removed.every(isKeyPair)
  ) {
    throw new TypeError('hydrate: not a dehydrate() snapshot');
  }
  return { entities, removed } as unknown as SnapshotEntries;
}
