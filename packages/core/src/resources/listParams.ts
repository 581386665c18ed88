import type { ResourceDefinition } from './defineResource';

/** The filters of a list: equality on fields its definition declares (`list.filters`). */
export type ListParams = Readonly<Record<string, string | number | boolean>>;

/**
 * The query of one page: the filters, `limit` and `cursor`. Filters the definition does not declare
 * and a `limit` outside 1–100 are refused here, before any request, as the service would refuse them.
 */
export function listQuery(
  def: Pick<ResourceDefinition, 'type' | 'list'>,
  params: ListParams | undefined,
  cursor: string | undefined,
  limit: number,
): Record<string, string | number> {
  if (!(Number.isInteger(limit) && limit >= 1 && limit <= 100))
    throw new RangeError(`limit must be an integer from 1 to 100, got ${String(limit)}`);
  const query: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(params ?? {})) {
    if (!def.list.filters.includes(field)) {
      const allowed = def.list.filters.length
        ? `filter by ${def.list.filters.join(', ')}`
        : 'take no filters';
      throw new TypeError(`${def.type} lists ${allowed}; \`${field}\` is not one of them`);
    }
    if (!['string', 'number', 'boolean'].includes(typeof value))
      throw new TypeError(
        `list filter \`${field}\` must be a string, number or boolean, got ${typeof value}`,
      );
    query[field] = String(value);
  }
  query.limit = limit;
  if (cursor !== undefined) query.cursor = cursor;
  return query;
}

/** Whether `entity` belongs in a list with `params`: each filtered field equal to the filter's value. */
/**
 * A frozen copy of `params` for a list to keep. A list reads its params at every page and every reply,
 * so a caller's object changed in place later (a Vue `reactive` filter form) must change neither the
 * list it made nor one another reader shares. Anything but an object is left for `listQuery` to refuse.
 */
export const keptParams = <P extends ListParams | undefined>(params: P): P =>
  (params !== null && typeof params === 'object' ? Object.freeze({ ...params }) : params) as P;

export function matchesParams(entity: object, params: ListParams): boolean {
  return unmatchedParam(entity, params) === undefined;
}

/**
 * The first filter `entity` fails, if any. Field and filter are compared as strings (`10` matches
 * `'10'`, as on the wire); a field that is not a string, number or boolean matches nothing.
 */
export function unmatchedParam(entity: object, params: ListParams): string | undefined {
  for (const field in params) {
    const value = Object.hasOwn(entity, field) ? (entity as Record<string, unknown>)[field] : undefined;
    const kind = typeof value;
    if (
      (kind !== 'string' && kind !== 'number' && kind !== 'boolean') ||
      String(value) !== String(params[field])
    )
      return field;
  }
  return undefined;
}

/**
 * The params as one string, whatever their order: lists with equal params share a read, and the
 * bindings compare params by it (`listParamsKey`), so an equal literal in a later render keeps its list.
 */
export function paramsKey(params: ListParams | undefined): string {
  if (!params) return '';
  const fields = Object.keys(params).sort();
  return fields.map((field) => `${encoded(field)}=${encoded(String(params[field]))}`).join('&');
}

// A surrogate without its pair (a search cut in the middle of an emoji) is sent as U+FFFD, as
// URLSearchParams does; `encodeURIComponent` would throw a URIError for it instead.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encoded = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
