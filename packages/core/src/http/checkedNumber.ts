/**
 * `value` (or `fallback` when undefined) when it is a number from `min` up, whole when `whole`,
 * finite unless `cap`; else a TypeError naming the option.
 */
export function checkedNumber(
  name: string,
  value: number | undefined,
  fallback: number,
  min = 0,
  whole = false,
  cap = false,
): number {
  const n = value ?? fallback;
  if (typeof n !== 'number' || !(n >= min) || (whole ? !Number.isInteger(n) : !cap && n === Infinity))
    throw new TypeError(
      `${name} must be a ${whole ? 'whole ' : ''}number of at least ${min}, got ${String(n)}`,
    );
  return n;
}
