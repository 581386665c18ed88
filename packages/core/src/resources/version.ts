/**
 * The `version` option of a read: 0 (or omitted) for the latest, n >= 1 for that historical version.
 * Anything else is a programming error, a RangeError at the call, whichever way the read is made.
 */
export function checkVersion(version: unknown): number {
  if (version === undefined) return 0;
  if (Number.isSafeInteger(version) && (version as number) >= 0) return version as number;
  throw new RangeError(`version must be 0 (latest) or an integer >= 1, got ${String(version)}`);
}
