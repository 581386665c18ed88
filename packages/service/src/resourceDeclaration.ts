import type { Versioned } from './types';
import { MAX_ID_LENGTH } from './validation';

/**
 * A field a declared collection may be listed by, with equality: its name, which takes any value of
 * 1 to 200 characters, or `{ field, values }`, which takes only those values (an enum field).
 */
export type ListFilterDeclaration = string | { field: string; values: readonly string[] };

/** How a declared collection answers `GET /{path}` (the list). */
export interface ListDeclaration {
  /**
   * Fields a list may be filtered on by equality, e.g. `['customer_id', { field: 'status', values:
   * ['draft', 'sent'] }]` serves `GET /invoices?status=sent&customer_id=c_1`. A value matches a field
   * holding that string, or a number or boolean whose JSON text it is (`total=10`, `paid=true`).
   * @default []
   */
  filters?: readonly ListFilterDeclaration[];
}

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
  /** The list at `GET /{path}`, served for every declared resource; this names its filters. @default { filters: [] } */
  list?: ListDeclaration;
}

/** One version of a declared resource: the declared fields, the id and the version fields. */
export type DeclaredRecord = Versioned & Record<string, unknown>;

/** Longest value a filter without declared `values` accepts: query values are echoed nowhere, but bounded all the same. */
export const MAX_FILTER_VALUE_LENGTH = 200;

const PATH = /^[a-z][a-z0-9_-]{0,63}$/;
const TYPE = /^[a-z][a-z0-9_]{0,63}$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const RESERVED_PATHS = new Set(['spend_controls', 'accounts', 'tasks', 'events', '__admin']);
const RESERVED_TYPES = new Set(['spend_control', 'account', 'task']);
/** Query parameters every list takes: a filter by either name could never be sent. */
const LIST_PARAMETERS = new Set(['limit', 'cursor']);
const DECLARATION_KEYS = new Set(['type', 'idKey', 'updatable', 'history', 'seed', 'list']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
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
    const { type, idKey, updatable, history, seed, list } = declaration;
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
    checkList(`${at}.list`, list);
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
    // No request can reach them: URLs read `.` and `..` (and %2e) as steps up the path.
    if (id === '.' || id === '..')
      throw new TypeError(`${where}.${idKey} "${id}" cannot be addressed: a URL reads it as a step up.`);
    if (ids.has(id)) throw new TypeError(`${where}.${idKey} "${id}" is seeded twice.`);
    ids.add(id);
    for (const field of ['version', 'version_time', '__proto__']) {
      if (Object.hasOwn(item, field))
        throw new TypeError(`${where} must not carry ${field}; every seeded resource starts at version 1.`);
    }
  });
}

function checkList(at: string, list: unknown): void {
  if (list === undefined) return;
  if (!isRecord(list)) throw new TypeError(`${at} must be an object { filters }.`);
  for (const key of Object.keys(list)) {
    if (key !== 'filters') throw new TypeError(`${at}.${key} is not a list field; use filters.`);
  }
  const { filters } = list;
  if (filters === undefined) return;
  if (!Array.isArray(filters)) throw new TypeError(`${at}.filters must be an array of field names.`);
  const seen = new Set<string>();
  filters.forEach((filter: unknown, i) => {
    const where = `${at}.filters[${i}]`;
    const field = isRecord(filter) ? filter.field : filter;
    if (typeof field !== 'string' || !FIELD.test(field)) {
      throw new TypeError(`${where} must be a field name such as "status", or { field, values }.`);
    }
    if (LIST_PARAMETERS.has(field))
      throw new TypeError(`${where}: "${field}" is a list parameter, so it cannot be a filter.`);
    if (seen.has(field)) throw new TypeError(`${where}: "${field}" is a filter twice.`);
    seen.add(field);
    if (isRecord(filter)) checkFilterValues(where, filter);
  });
}

function checkFilterValues(where: string, filter: Record<string, unknown>): void {
  for (const key of Object.keys(filter)) {
    if (key !== 'field' && key !== 'values')
      throw new TypeError(`${where}.${key} is not a filter field; use field and values.`);
  }
  const { values } = filter;
  const valid =
    Array.isArray(values) &&
    values.length > 0 &&
    values.every((v) => typeof v === 'string' && v !== '' && v.length <= MAX_FILTER_VALUE_LENGTH);
  if (!valid) {
    throw new TypeError(
      `${where}.values must be a non-empty array of strings of 1 to ${MAX_FILTER_VALUE_LENGTH} characters.`,
    );
  }
}
