import { between, chance, createRandom, type Random } from './random';

/**
 * A named fault profile: `none`, `flaky` (occasional 429s, 5xx, latency, repeated webhooks) or `chaos` (more
 * of each).
 */
export type FaultProfileName = 'none' | 'flaky' | 'chaos';

/** Detailed fault settings; every probability is per request (or per webhook) in [0, 1]. */
export interface FaultOptions {
  /** Chance that a request starts a burst of 429s. @default 0 */
  rateLimitBurstRate?: number;
  /** How many consecutive requests a burst rejects, including the first. @default 3 */
  rateLimitBurstLength?: number;
  /**
   * `Retry-After` seconds a burst announces: fixed, or `[min, max]` drawn per burst so a client's
   * countdown differs from one burst to the next. @default 1
   */
  rateLimitBurstRetryAfterSeconds?: number | readonly [number, number];
  /** Chance of a 500/502/503; half strike before the operation runs, half after it committed. @default 0 */
  serverErrorRate?: number;
  /** Chance that a request is delayed. @default 0 */
  latencyRate?: number;
  /** Delay range in ms for a delayed request. @default [20, 200] */
  latencyMs?: readonly [number, number];
  /** Chance that a webhook is delivered twice (same payload, new event id). @default 0 */
  duplicateWebhookRate?: number;
  /**
   * How long after the first delivery the duplicate follows; longer than the time between two
   * writes, it arrives after newer state, as a sender's late retry does. @default 0 (at once)
   */
  duplicateDelayMs?: number;
  /** Chance that a webhook is held back and delivered after the next one. @default 0 */
  reorderWebhookRate?: number;
  /**
   * Longest time a held-back webhook waits for a successor before it is sent anyway; a successor
   * within it goes first, so the held one arrives after newer state. @default 250
   */
  reorderHoldMs?: number;
}

export type ResolvedFaults = Required<FaultOptions> & { name: FaultProfileName | 'custom' };

const NONE: ResolvedFaults = {
  name: 'none',
  rateLimitBurstRate: 0,
  rateLimitBurstLength: 3,
  rateLimitBurstRetryAfterSeconds: 1,
  serverErrorRate: 0,
  latencyRate: 0,
  latencyMs: [20, 200],
  duplicateWebhookRate: 0,
  duplicateDelayMs: 0,
  reorderWebhookRate: 0,
  reorderHoldMs: 250,
};

/** The settings behind each named fault profile, for display and for building your own from one. */
export const FAULT_PROFILES: Readonly<Record<FaultProfileName, ResolvedFaults>> = {
  none: NONE,
  flaky: {
    ...NONE,
    name: 'flaky',
    rateLimitBurstRate: 0.03,
    rateLimitBurstLength: 2,
    serverErrorRate: 0.05,
    latencyRate: 0.2,
    latencyMs: [20, 150],
    duplicateWebhookRate: 0.1,
    reorderWebhookRate: 0.1,
  },
  chaos: {
    ...NONE,
    name: 'chaos',
    rateLimitBurstRate: 0.08,
    rateLimitBurstLength: 3,
    rateLimitBurstRetryAfterSeconds: [1, 5],
    serverErrorRate: 0.15,
    latencyRate: 0.5,
    latencyMs: [20, 400],
    duplicateWebhookRate: 0.25,
    reorderWebhookRate: 0.25,
    // Longer than a write at the demo's pace (a write every 300 ms, each with a 300 ms write
    // window): a held or repeated event then arrives after the next write's newer state, so the
    // client's version gate has something stale to refuse.
    duplicateDelayMs: 1000,
    reorderHoldMs: 2000,
  },
};

export function resolveFaults(faults: FaultProfileName | FaultOptions | undefined): ResolvedFaults {
  if (faults === undefined) return NONE;
  if (typeof faults === 'string') {
    const profile = FAULT_PROFILES[faults];
    if (!profile) throw new TypeError(`Unknown fault profile "${faults}"; use none, flaky or chaos.`);
    return profile;
  }
  // The same checks as the admin route's: a setting given in code is no more trusted to be whole
  // seconds (a Retry-After of 2.5 is not delay-seconds) than one sent over HTTP.
  // A profile spread into options (`{ ...FAULT_PROFILES.chaos, … }`) brings its `name`, which is replaced.
  const { name: _name, ...options } = faults as FaultOptions & { name?: unknown };
  const problems = checkFaultOptions(options);
  if (problems.length > 0) throw new TypeError(problems.map((p) => p.message).join(' '));
  return { ...NONE, ...options, name: 'custom' };
}

const RATE_KEYS = [
  'rateLimitBurstRate',
  'serverErrorRate',
  'latencyRate',
  'duplicateWebhookRate',
  'reorderWebhookRate',
] as const;
const COUNT_KEYS = ['rateLimitBurstLength', 'duplicateDelayMs', 'reorderHoldMs'] as const;

const isRange = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => Number.isSafeInteger(n) && n >= 0) && v[0] <= v[1];

/** Problems in untrusted fault settings (the admin route), one message per offending key. */
export function checkFaultOptions(value: Record<string, unknown>): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  for (const [key, v] of Object.entries(value)) {
    if ((RATE_KEYS as readonly string[]).includes(key)) {
      if (typeof v !== 'number' || !(v >= 0 && v <= 1))
        problems.push({ field: key, message: `${key} must be in [0, 1].` });
    } else if ((COUNT_KEYS as readonly string[]).includes(key)) {
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
        problems.push({ field: key, message: `${key} must be a non-negative integer.` });
      }
    } else if (key === 'latencyMs') {
      if (!isRange(v))
        problems.push({ field: key, message: 'latencyMs must be [min, max] in whole ms, min <= max.' });
    } else if (key === 'rateLimitBurstRetryAfterSeconds') {
      // Retry-After is delay-seconds: a whole number (HTTP allows 0).
      if (!(isRange(v) || (Number.isSafeInteger(v) && (v as number) >= 0))) {
        problems.push({ field: key, message: `${key} must be whole seconds, or [min, max] of them.` });
      }
    } else {
      problems.push({ field: key, message: `${key} is not a fault option.` });
    }
  }
  return problems;
}

export type FaultDecision =
  | { kind: 'pass'; latencyMs: number }
  | { kind: 'rate_limit'; latencyMs: number; retryAfterSeconds: number }
  | { kind: 'server_error'; latencyMs: number; status: 500 | 502 | 503; after: boolean };

export interface FaultInjector {
  readonly faults: ResolvedFaults;
  set(faults: ResolvedFaults): void;
  /** Decides the fate of one request, at arrival, so a replay with the same seed matches. */
  decide(): FaultDecision;
  /** The stream of webhook decisions, separate so request traffic does not shift it. */
  readonly webhookRandom: Random;
}

const SERVER_ERRORS = [500, 502, 503] as const;

export function createFaultInjector(initial: ResolvedFaults, seed: number): FaultInjector {
  let faults = initial;
  // Separate streams per concern: a change in one kind of traffic must not reshuffle the other.
  const requestRandom = createRandom(seed);
  const webhookRandom = createRandom(seed ^ 0x5bd1e995);
  // Drawn only when a burst starts, from its own stream, so request decisions stay as they were.
  const burstRandom = createRandom(seed ^ 0x27d4eb2d);
  let burstLeft = 0;
  let retryAfter = 1;
  const burstRetryAfter = (setting: ResolvedFaults['rateLimitBurstRetryAfterSeconds']): number =>
    typeof setting === 'number' ? setting : between(burstRandom, setting[0], setting[1]);

  const decide = (): FaultDecision => {
    const r = faults;
    // Always draw the same number of values per request so decisions stay aligned across profiles.
    const delayed = chance(requestRandom, r.latencyRate);
    const latencyMs = between(requestRandom, r.latencyMs[0], r.latencyMs[1]);
    const burst = chance(requestRandom, r.rateLimitBurstRate);
    const failed = chance(requestRandom, r.serverErrorRate);
    const status = SERVER_ERRORS[between(requestRandom, 0, 2)] ?? 500;
    const after = chance(requestRandom, 0.5);
    const wait = delayed ? latencyMs : 0;
    if (burstLeft > 0 || burst) {
      if (burstLeft === 0) retryAfter = burstRetryAfter(r.rateLimitBurstRetryAfterSeconds);
      burstLeft = burstLeft > 0 ? burstLeft - 1 : r.rateLimitBurstLength - 1;
      return { kind: 'rate_limit', latencyMs: wait, retryAfterSeconds: retryAfter };
    }
    if (failed) return { kind: 'server_error', latencyMs: wait, status, after };
    return { kind: 'pass', latencyMs: wait };
  };

  return {
    get faults() {
      return faults;
    },
    set(next) {
      faults = next;
      burstLeft = 0;
    },
    decide,
    webhookRandom,
  };
}
