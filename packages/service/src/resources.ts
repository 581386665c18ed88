import type { FieldError } from './errors';
import type { Checked } from './validation';
import { MAX_ID_LENGTH } from './validation';
import { applyPatch, sequentialIds, type Versioned, type VersionedCollection } from './versionedResource';

/**
 * A versioned resource the service serves besides spend controls, e.g.
 * `{ type: 'invoice', idKey: 'invoice_id', updatable: ['status', 'total'], history: true }`
 * under the collection path given by its key in `resources` (`invoices`).
 */
export interface ResourceDeclaration {
  /** Store type: `object_type` of a 409, and events `<type>.created` / `<type>.updated`; new ids are `<type>_<n>`. */
  type: string;
  /** Field holding the id. */
  idKey: string;
  /** Fields a PATCH may carry; any other field gets 400. */
  updatable: readonly string[];
  /** Serve `/{path}/{id}/history`. @default true */
  history?: boolean;
  /** Initial resources, each with its id under `idKey` and no version fields; each starts at version 1. @default [] */
  seed?: readonly Record<string, unknown>[];
}

/** One version of a declared resource: the declared fields, the id and the version fields. */
export type DeclaredRecord = Versioned & Record<string, unknown>;

type Body = Record<string, unknown>;

const PATH = /^[a-z][a-z0-9_-]{0,63}$/;
const TYPE = /^[a-z][a-z0-9_]{0,63}$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const RESERVED_PATHS = new Set(['spend_controls', 'accounts', 'tasks', 'events', '__admin']);
const RESERVED_TYPES = new Set(['spend_control', 'account', 'task']);
const DECLARATION_KEYS = new Set(['type', 'idKey', 'updatable', 'history', 'seed']);

const isRecord = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks the `resources` option, throwing a `TypeError` that names the first offending field
 * (`resources.invoices.idKey …`); a service never starts with a declaration it cannot serve.
 */
export function checkDeclarations(resources: unknown): Record<string, ResourceDeclaration> {
  if (!isRecord(resources)) throw new TypeError('resources must be an object of declarations by path.');
  const types = new Set<string>();
  for (const [path, declaration] of Object.entries(resources)) {
    const at = `resources.${path}`;
    if (!PATH.test(path) || RESERVED_PATHS.has(path)) {
      throw new TypeError(
        `${at}: the path must be lowercase letters, digits, _ or - (at most 64), and not one of ${[...RESERVED_PATHS].join(', ')}.`,
      );
    }
    if (!isRecord(declaration)) throw new TypeError(`${at} must be an object { type, idKey, updatable }.`);
    for (const key of Object.keys(declaration)) {
      if (!DECLARATION_KEYS.has(key))
        throw new TypeError(
          `${at}.${key} is not a declaration field; use ${[...DECLARATION_KEYS].join(', ')}.`,
        );
    }
    const { type, idKey, updatable, history, seed } = declaration;
    if (typeof type !== 'string' || !TYPE.test(type) || RESERVED_TYPES.has(type)) {
      throw new TypeError(`${at}.type must be a lowercase name such as "invoice", not a built-in type.`);
    }
    if (types.has(type)) throw new TypeError(`${at}.type "${type}" is declared twice.`);
    types.add(type);
    if (typeof idKey !== 'string' || !FIELD.test(idKey) || idKey === 'version' || idKey === 'version_time') {
      throw new TypeError(`${at}.idKey must be a field name such as "invoice_id".`);
    }
    if (!Array.isArray(updatable) || !updatable.every((f) => typeof f === 'string' && FIELD.test(f))) {
      throw new TypeError(`${at}.updatable must be an array of field names.`);
    }
    const readOnly = updatable.find((f) => f === idKey || f === 'version' || f === 'version_time');
    if (readOnly !== undefined) throw new TypeError(`${at}.updatable names the read-only field ${readOnly}.`);
    if (history !== undefined && typeof history !== 'boolean')
      throw new TypeError(`${at}.history must be a boolean.`);
    checkSeed(at, idKey, seed);
  }
  return resources as Record<string, ResourceDeclaration>;
}

function checkSeed(at: string, idKey: string, seed: unknown): void {
  if (seed === undefined) return;
  if (!Array.isArray(seed)) throw new TypeError(`${at}.seed must be an array of resources.`);
  const ids = new Set<string>();
  seed.forEach((item: unknown, i) => {
    const where = `${at}.seed[${i}]`;
    if (!isRecord(item)) throw new TypeError(`${where} must be an object.`);
    const id = item[idKey];
    if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
      throw new TypeError(`${where}.${idKey} must be a string id of 1 to ${MAX_ID_LENGTH} characters.`);
    }
    if (ids.has(id)) throw new TypeError(`${where}.${idKey} "${id}" is seeded twice.`);
    ids.add(id);
    for (const field of ['version', 'version_time', '__proto__']) {
      if (Object.hasOwn(item, field))
        throw new TypeError(`${where} must not carry ${field}; every seeded resource starts at version 1.`);
    }
  });
}

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
  const list = declaration.updatable.join(', ') || 'nothing';
  for (const item of declaration.seed ?? []) {
    const id = item[idKey] as string;
    versions.set(id, [{ ...copy(item), [idKey]: id, version: 1, version_time: time }]);
  }

  const refuse = (body: Body, allowed: (field: string) => boolean): FieldError[] =>
    Object.keys(body).flatMap((field) => {
      if (readOnly.has(field))
        return [entry(field, 'read_only_field', `${field} is read-only; send only ${list}.`)];
      if (field === '__proto__' || !allowed(field))
        return [entry(field, 'unknown_field', `${field} is not valid here; send only ${list}.`)];
      return [];
    });

  return {
    type,
    path,
    label: type,
    history: declaration.history ?? true,
    versions,
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
