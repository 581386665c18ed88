/** How long to wait between polls. */
export interface PollScheduleOptions {
  /** Wait before the second poll (the first is at once). @default 1000 */
  intervalMs?: number;
  /** Growth of each further wait. @default 1.5 */
  factor?: number;
  /** Cap of one wait. @default 10000 */
  maxIntervalMs?: number;
}

/**
 * The wait before poll number `n + 1`, given `n` polls so far (n >= 1): `intervalMs * factor^(n-1)`,
 * capped. With the defaults: 1 s, 1.5 s, 2.25 s, … 10 s.
 */
export function exponentialSchedule(options: PollScheduleOptions = {}): (polls: number) => number {
  const interval = options.intervalMs ?? 1000;
  const factor = options.factor ?? 1.5;
  const cap = options.maxIntervalMs ?? 10_000;
  return (polls) => Math.min(cap, Math.round(interval * factor ** Math.max(0, polls - 1)));
}
