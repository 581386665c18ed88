/**
 * Checks, when a resource is defined, what would otherwise fail deep inside the first request
 * (`Cannot read properties of undefined`): a TypeError that names the field.
 */
export function checkConfig(config: unknown): void {
  const c = config as Record<string, unknown> | null;
  if (typeof c !== 'object' || c === null) throw new TypeError('defineResource needs a config object');
  nonEmpty(c, 'type');
  nonEmpty(c, 'path');
  nonEmpty(c, 'idKey');
  schema(c.schema);
  if (c.updatable !== undefined && !Array.isArray(c.updatable))
    throw new TypeError('resource definition: `updatable` must be an array of field names');
  if (c.id !== undefined && typeof c.id !== 'function')
    throw new TypeError('resource definition: `id` must be a function (entity) => string');
  if (c.order !== undefined && typeof c.order !== 'function')
    throw new TypeError('resource definition: `order` must be a function (incoming, held) => number');
  if (c.list !== undefined) checkList(c.list);
  checkPath(c.path as string);
  for (const flag of ['versioned', 'history'])
    if (c[flag] !== undefined && typeof c[flag] !== 'boolean')
      throw new TypeError(`resource definition: \`${flag}\` must be true or false, got ${describe(c[flag])}`);
  if (c.createBody !== undefined && typeof c.createBody !== 'function')
    throw new TypeError('resource definition: `createBody` must be a function (input) => body');
  if (c.historyKey !== undefined) nonEmpty(c, 'historyKey');
  if (c.paths !== undefined) checkPaths(c.paths);
}

/** The collection's path: the item's is `${path}/${id}` and a page's `${path}?limit=…`. */
function checkPath(path: string): void {
  if (!path.startsWith('/') || /[?#{}]/.test(path))
    throw new TypeError(
      `resource definition: \`path\` must be the collection's path from the base URL, starting with / ` +
        `and with no query, fragment or template, got "${path}" (use \`paths.item\` for other item paths)`,
    );
}

function checkPaths(paths: unknown): void {
  if (typeof paths !== 'object' || paths === null)
    throw new TypeError('resource definition: `paths` must be an object { item?, history? }');
  for (const which of ['item', 'history']) {
    const make = (paths as Record<string, unknown>)[which];
    if (make !== undefined && typeof make !== 'function')
      throw new TypeError(`resource definition: \`paths.${which}\` must be a function (id) => path`);
  }
}

function checkList(list: unknown): void {
  const { filters, pageSize } = (list ?? {}) as Record<string, unknown>;
  if (typeof list !== 'object' || list === null)
    throw new TypeError('resource definition: `list` must be an object { filters?, pageSize? }');
  if (filters !== undefined && !(Array.isArray(filters) && filters.every((f) => typeof f === 'string' && f)))
    throw new TypeError('resource definition: `list.filters` must be an array of field names');
  if (Array.isArray(filters) && filters.some((f) => f === 'limit' || f === 'cursor'))
    throw new TypeError(
      'resource definition: `list.filters` cannot name `limit` or `cursor`, the page parameters',
    );
  if (
    pageSize !== undefined &&
    !(Number.isInteger(pageSize) && (pageSize as number) >= 1 && (pageSize as number) <= 100)
  )
    throw new TypeError(
      `resource definition: \`list.pageSize\` must be an integer from 1 to 100, got ${String(pageSize)}`,
    );
}

/** The same checks for a definition given to `client.resource`, which may not come from `defineResource`. */
export function checkDefinition<T extends object>(definition: T): T {
  const d = definition as Record<string, unknown> | null;
  if (typeof d !== 'object' || d === null) throw new TypeError('client.resource needs a resource definition');
  nonEmpty(d, 'type');
  nonEmpty(d, 'idKey');
  schema(d.schema);
  const paths = d.paths as Record<string, unknown> | undefined;
  if (typeof paths?.item !== 'function' || typeof paths.collection !== 'string')
    throw new TypeError('resource definition: `path` is missing (make definitions with defineResource)');
  return definition;
}

function nonEmpty(config: Record<string, unknown>, field: string): void {
  const value = config[field];
  if (typeof value !== 'string' || value === '')
    throw new TypeError(
      `resource definition: \`${field}\` must be a non-empty string, got ${describe(value)}`,
    );
}

function schema(value: unknown): void {
  // Classic zod and zod/mini schemas both carry zod's core internals under `_zod`.
  if (typeof (value as { _zod?: unknown } | null)?._zod !== 'object')
    throw new TypeError(`resource definition: \`schema\` must be a zod schema, got ${describe(value)}`);
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
