import type { Entity } from './types';

export interface SnapshotEntries {
  entities: ReadonlyArray<readonly [string, string, Entity]>;
  removed: ReadonlyArray<readonly [string, string]>;
}

const isKeyPair = (entry: unknown): entry is [string, string, ...unknown[]] =>
  Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string';
const isEntry = (entry: unknown) => isKeyPair(entry) && typeof entry[2] === 'object' && entry[2] !== null;

/** Whether every element passes `check`, holes included (`every` skips holes, which would pass). */
function allOf(items: readonly unknown[], check: (item: unknown) => boolean): boolean {
  for (let at = 0; at < items.length; at++) if (!check(items[at])) return false;
  return true;
}

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
    !allOf(entities, isEntry) ||
    !allOf(removed, isKeyPair)
  ) {
    throw new TypeError('hydrate: not a dehydrate() snapshot');
  }
  return { entities, removed } as unknown as SnapshotEntries;
}
