/**
 * Copies `value` without null or undefined object keys, at any depth. The spec forbids
 * null-valued keys in bodies; doing it once here means no route can forget.
 */
export function stripNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripNulls);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === null || inner === undefined) continue;
    if (key === '__proto__') {
      // Plain assignment would switch the prototype; defineProperty keeps it an own data property.
      Object.defineProperty(out, key, { value: stripNulls(inner), enumerable: true, writable: true });
    } else {
      out[key] = stripNulls(inner);
    }
  }
  return out;
}

/** The one JSON response helper of the service. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(stripNulls(body)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** JSON with sorted keys, so two bodies that differ only in key order count as identical. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  const record = value as Record<string, unknown>;
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}
