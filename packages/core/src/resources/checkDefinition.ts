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
  if (typeof (value as { safeParse?: unknown } | null)?.safeParse !== 'function')
    throw new TypeError(`resource definition: \`schema\` must be a zod schema, got ${describe(value)}`);
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
