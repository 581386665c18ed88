/**
 * How deep a JSON value may nest before the client refuses it. Far beyond any resource (a few levels)
 * and far below what overflows the stack of the code that walks it (freezing, scrubbing, copying),
 * so a hostile body becomes a typed error instead of the engine's RangeError.
 */
export const MAX_JSON_DEPTH = 256;

/** Whether `value` nests objects or arrays deeper than `max` levels; stops at the first such path. */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (max <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (nestsDeeperThan(item, max - 1)) return true;
    return false;
  }
  for (const key in value) if (nestsDeeperThan((value as Record<string, unknown>)[key], max - 1)) return true;
  return false;
}

/**
 * Whether JSON `text` opens more than `max` objects and arrays in all: a text that does not cannot
 * nest deeper than `max`, so the walk of `nestsDeeperThan` can be skipped. Counts with `indexOf`,
 * which scans far faster than a walk of the parsed value, and stops once past `max`.
 */
export function opensMoreThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let opened = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1))
      if (++opened > max) return true;
  }
  return false;
}
