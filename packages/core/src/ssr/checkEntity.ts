import { safeParse } from 'zod/mini';
import type { ResourceDefinition } from '../resources/defineResource';
import { idOf } from '../resources/resourceOps';
import { nestsDeeperThan } from '../wire/depth';
import { InvalidSnapshotError } from './clientSnapshot';

/**
 * An entity of an untrusted snapshot, checked by the rules of the wire before any of the snapshot is
 * used: no deeper than a reply may nest; for a type this client has a definition of, its schema
 * (whose output is what is kept) and an id field that agrees with the key; for every versioned
 * entity, a safe integer version >= 1, since a version past 2^53 would outrank every real one for ever.
 */
export function checkEntity(
  definitions: ReadonlyMap<string, ResourceDefinition>,
  type: string,
  id: string,
  entity: object,
  path: string,
): object {
  if (nestsDeeperThan(entity)) throw new InvalidSnapshotError(path, 'nests too deeply');
  const def = definitions.get(type);
  let checked = entity;
  if (def) {
    const parsed = safeParse(def.schema, entity);
    if (!parsed.success) throw new InvalidSnapshotError(path, `does not match the ${type} schema`);
    checked = parsed.data as object;
    if (idOf(def, checked) !== id) throw new InvalidSnapshotError(path, `has another id than ${id}`);
  }
  const { version } = checked as { version?: unknown };
  const versioned = def ? def.versioned : version !== undefined;
  if (versioned && !(Number.isSafeInteger(version) && (version as number) >= 1))
    throw new InvalidSnapshotError(`${path}.version`, 'is not a safe integer >= 1');
  return checked;
}
