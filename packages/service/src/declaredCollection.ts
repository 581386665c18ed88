import type { FieldError } from './errors';
import type { ListFilter } from './listQuery';
import type { DeclaredRecord, ListFilterDeclaration, ResourceDeclaration } from './resourceDeclaration';
import type { Checked } from './validation';
import { applyPatch, listOf, sequentialIds, type VersionedCollection } from './versionedCollection';

type Body = Record<string, unknown>;

const entry = (field: string, code: string, message: string): FieldError => ({
  location: 'body',
  field,
  code,
  message,
});

/** Copies own fields into a fresh object; `__proto__` was refused before, so no prototype can change. */
const copy = (body: Body): Body => Object.fromEntries(Object.entries(body));

/** A collection served from a declaration; no schema, so only what the declaration says is checked. */
export function declaredCollection(
  path: string,
  declaration: ResourceDeclaration,
  versions: Map<string, DeclaredRecord[]>,
  time: string,
): VersionedCollection<Body, Body, DeclaredRecord> {
  const { type, idKey } = declaration;
  const readOnly = new Set([idKey, 'version', 'version_time']);
  const updatable = new Set(declaration.updatable);
  const sendable = declaration.updatable.join(', ') || 'nothing';
  for (const item of declaration.seed ?? []) {
    const id = item[idKey] as string;
    versions.set(id, [{ ...copy(item), [idKey]: id, version: 1, version_time: time }]);
  }

  const refuse = (body: Body, allowed: (field: string) => boolean): FieldError[] =>
    Object.keys(body).flatMap((field) => {
      if (readOnly.has(field))
        return [entry(field, 'read_only_field', `${field} is read-only; send only ${sendable}.`)];
      if (field === '__proto__' || !allowed(field))
        return [entry(field, 'unknown_field', `${field} is not valid here; send only ${sendable}.`)];
      return [];
    });

  return {
    type,
    path,
    label: type,
    history: declaration.history ?? true,
    versions,
    list: listOf(path, (declaration.list?.filters ?? []).map(toFilter), versions),
    newId: sequentialIds(`${type}_`, versions),
    checkCreate(body): Checked<Body> {
      const errors = refuse(body, () => true);
      return errors.length > 0 ? { ok: false, errors } : { ok: true, value: copy(body) };
    },
    checkPatch(body): Checked<Body> {
      const errors = refuse(body, (field) => updatable.has(field));
      if (Object.keys(body).length === 0)
        errors.push({
          location: 'body',
          code: 'empty_update',
          message: 'Send at least one field to update.',
        });
      return errors.length > 0 ? { ok: false, errors } : { ok: true, value: copy(body) };
    },
    createRules: () => [],
    patchRules: () => [],
    build: (input, id, at) => ({ [idKey]: id, ...input, version: 1, version_time: at }),
    apply: applyPatch,
  };
}

/** A declared filter as the list reads it: a bare name takes any value, `{ field, values }` only those. */
const toFilter = (filter: ListFilterDeclaration): ListFilter =>
  typeof filter === 'string' ? { field: filter } : { field: filter.field, values: [...filter.values] };
