import type { FieldError } from './errors';
import { MAX_FILTER_VALUE_LENGTH } from './resourceDeclaration';

/** A field a list may be filtered on; `values` when only those are valid (an enum). */
export interface ListFilter {
  field: string;
  values?: readonly string[];
}

/** The page size when `limit` is not given, and the largest one allowed. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** A list request's parameters, read; `problems` lists each one that is wrong, in the order sent. */
export interface ListQuery {
  limit: number;
  /** Filter field → value, only the filters sent. */
  filters: Map<string, string>;
  cursor?: string;
  /**
   * Whether the cursor can be checked against this filter set: not when a filter, or a parameter
   * that may be a misspelt filter, is itself wrong (the cursor would be refused for that alone).
   */
  scopeKnown: boolean;
  problems: FieldError[];
}

const query = (field: string, code: string, message: string): FieldError => ({
  location: 'query',
  field,
  code,
  message,
});

function readLimit(raw: string): FieldError | number {
  const message = `limit must be an integer from 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`;
  if (!/^\d+$/.test(raw)) return query('limit', 'invalid_type', message);
  const limit = Number(raw);
  return limit >= 1 && limit <= MAX_LIMIT ? limit : query('limit', 'out_of_range', message);
}

function checkFilter(filter: ListFilter, raw: string): FieldError | undefined {
  const { field, values } = filter;
  if (values) {
    return values.includes(raw)
      ? undefined
      : query(field, 'unknown_enum_value', `${field} must be one of ${values.join(', ')}.`);
  }
  return raw !== '' && raw.length <= MAX_FILTER_VALUE_LENGTH
    ? undefined
    : query(field, 'invalid_format', `${field} must hold 1 to ${MAX_FILTER_VALUE_LENGTH} characters.`);
}

/**
 * Reads `limit`, `cursor` and the filters of a list request. `shared` are the problems the router
 * found (parameters not taken or sent twice); they keep their place among the others.
 */
export function readListQuery(
  url: URL,
  filters: readonly ListFilter[],
  shared: readonly FieldError[],
): ListQuery {
  const result: ListQuery = { limit: DEFAULT_LIMIT, filters: new Map(), scopeKnown: true, problems: [] };
  const reported = new Map(shared.map((problem) => [problem.field, problem]));
  const seen = new Set<string>();
  for (const [name, raw] of url.searchParams) {
    if (seen.has(name)) continue;
    seen.add(name);
    const filter = filters.find((f) => f.field === name);
    const known = reported.get(name);
    if (known) {
      result.problems.push(known);
      if (filter || known.code === 'unsupported_parameter') result.scopeKnown = false;
    } else if (name === 'limit') {
      const limit = readLimit(raw);
      if (typeof limit === 'number') result.limit = limit;
      else result.problems.push(limit);
    } else if (name === 'cursor') {
      result.cursor = raw;
    } else if (filter) {
      const problem = checkFilter(filter, raw);
      if (problem) {
        result.problems.push(problem);
        result.scopeKnown = false;
      } else result.filters.set(name, raw);
    }
  }
  return result;
}

/** What a cursor is signed for: the collection and the filters, in a fixed order; never the limit. */
export function listScope(path: string, filters: ReadonlyMap<string, string>): string {
  const pairs = [...filters].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
