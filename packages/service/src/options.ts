import type { FaultOptions, FaultProfileName } from './faults';
import type { IdempotencyOptions } from './idempotency';
import type { RateLimitOptions } from './rateLimit';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { SseOptions } from './sse';
import type { TaskOutcomeOption } from './taskRunner';
import { MAX_TIMER_MS } from './timers';
import type { SeedData } from './types';

/**
 * Options of `createService`. Every option has a default, so `createService()` serves the seeded
 * data with the token `dev-token`, no faults and a 2 s task duration.
 */
export interface ServiceOptions {
  /** Accepted access tokens, sent as `Authorization: Bearer <token>`. @default ['dev-token'] */
  tokens?: readonly string[];
  /** Tokens of an inactive business: answered with a gateway 403. @default [] */
  inactiveTokens?: readonly string[];
  /**
   * Further versioned resources, by collection path: `{ invoices: { type: 'invoice', idKey:
   * 'invoice_id', updatable: ['status', 'total'] } }` serves `/invoices` like `/spend_controls`.
   * Checked at creation: a bad declaration throws a `TypeError` naming the field.
   * @default {}
   */
  resources?: Record<string, ResourceDeclaration>;
  /** Initial data. @default accounts acc_1 (USD), acc_2 (EUR); spend controls sc_1, sc_2, sc_3 on acc_1 */
  seed?: SeedData;
  /** Token bucket per access token, or `false` for none. @default { capacity: 100, refillPerSecond: 50 } */
  rateLimit?: RateLimitOptions | false;
  /** Time from a task's creation to its terminal status; pending for the first quarter. @default 2000 */
  taskDurationMs?: number;
  /** Terminal status of tasks, fixed or chosen per task. @default 'completed' */
  taskOutcome?: TaskOutcomeOption;
  /** Finished tasks kept for GET /tasks/{id}; past it the oldest finished one reads 404. @default 1000 */
  maxFinishedTasks?: number;
  /**
   * Time between a write's read and its commit; a write committed meanwhile makes it a 409, and the
   * business rules are checked again at the commit (an account closing meanwhile: 422). @default 0
   */
  writeDelayMs?: number;
  /** Fault profile or detailed fault settings. @default 'none' */
  faults?: FaultProfileName | FaultOptions;
  /** Seed of the fault decisions; the same seed and request sequence give the same faults. @default 1 */
  randomSeed?: number;
  /** Clock in epoch ms, read lazily. @default () => Date.now() */
  now?: () => number;
  /** Largest accepted `limit.amount`; above it a write fails with 422 LimitAmountExceeded. @default 1_000_000 */
  maxLimitAmount?: number;
  /** Retention of Idempotency-Keys and their results. @default { ttlMs: 86_400_000, maxEntries: 10_000 } */
  idempotency?: IdempotencyOptions;
  /**
   * How long an Idempotency-Key and its result are kept.
   * @deprecated use `idempotency: { ttlMs }`; used only when `idempotency.ttlMs` is not given.
   * @default 86_400_000 (24 h)
   */
  idempotencyTtlMs?: number;
  /** Largest accepted request body, in bytes: a whole number >= 1, else a RangeError. @default 65_536 */
  maxBodyBytes?: number;
  /** CORS for dashboards on other origins, or `false` for no CORS headers. @default { origin: '*' } */
  cors?: { origin?: string } | false;
  /** Server-sent events at GET /events. */
  sse?: SseOptions;
  /** Serve the `/__admin/*` routes (behind the gateway like every route; local use only). @default true */
  admin?: boolean;
  /** `schema_version` of webhook payloads. @default '1.0' */
  schemaVersion?: string;
  /** Name of the single field of gateway 401/403 bodies. @default 'message' */
  gatewayErrorField?: string;
  /**
   * Path prefix of every route, e.g. '/v1', in whole segments: `/v1x/…` is outside it, an unknown
   * path (behind the gateway like any, then 404). @default ''
   */
  basePath?: string;
  /**
   * Key (at least 16 characters) that list cursors are signed with (HMAC-SHA-256), so that
   * services made with the same one accept each other's cursors. Without it each service draws a
   * random key, and a cursor from another service or run gets 400 `invalid_cursor`.
   * @default a random key per service
   */
  cursorSecret?: string;
}

export interface ResolvedOptions {
  tokens: ReadonlySet<string>;
  inactiveTokens: ReadonlySet<string>;
  seed: SeedData;
  taskDurationMs: number;
  taskOutcome: TaskOutcomeOption;
  maxFinishedTasks: number;
  writeDelayMs: number;
  randomSeed: number;
  maxLimitAmount: number;
  idempotency: Required<IdempotencyOptions>;
  maxBodyBytes: number;
  corsOrigin: string | undefined;
  sse: { heartbeatMs: number; retryMs: number; bufferSize: number; eventName?: string };
  admin: boolean;
  schemaVersion: string;
  gatewayErrorField: string;
  basePath: string;
  cursorSecret: string | undefined;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number >= 0.`);
  return value;
}

/** Largest delay a timer keeps: past it Node and browsers fire after 1 ms instead. */

/** A count, size or timer delay: a whole number from `min`; NaN (an unset variable read as a number) is not one. */
function wholeNumber(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}.`);
  return value;
}

function checkSecret(secret: unknown): string | undefined {
  if (secret === undefined) return undefined;
  if (typeof secret !== 'string' || secret.length < 16)
    throw new TypeError('cursorSecret must be a string of at least 16 characters.');
  return secret;
}

export function resolveOptions(options: ServiceOptions, defaultSeed: SeedData): ResolvedOptions {
  const sse = options.sse ?? {};
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !basePath.startsWith('/')) throw new TypeError('basePath must start with "/".');
  return {
    tokens: new Set(options.tokens ?? ['dev-token']),
    inactiveTokens: new Set(options.inactiveTokens ?? []),
    seed: options.seed ?? defaultSeed,
    taskDurationMs: nonNegative('taskDurationMs', options.taskDurationMs ?? 2000),
    taskOutcome: options.taskOutcome ?? 'completed',
    maxFinishedTasks: nonNegative('maxFinishedTasks', options.maxFinishedTasks ?? 1000),
    writeDelayMs: nonNegative('writeDelayMs', options.writeDelayMs ?? 0),
    randomSeed: options.randomSeed ?? 1,
    maxLimitAmount: options.maxLimitAmount ?? 1_000_000,
    idempotency: {
      ttlMs: nonNegative(
        'idempotency.ttlMs',
        options.idempotency?.ttlMs ?? options.idempotencyTtlMs ?? 86_400_000,
      ),
      maxEntries: nonNegative('idempotency.maxEntries', options.idempotency?.maxEntries ?? 10_000),
    },
    // Unchecked, NaN would turn the body limit off: no length compares greater than NaN.
    maxBodyBytes: wholeNumber('maxBodyBytes', options.maxBodyBytes ?? 65_536, 1),
    corsOrigin: options.cors === false ? undefined : (options.cors?.origin ?? '*'),
    sse: {
      // A heartbeat timer of 0 (or past the timer range) fires every millisecond, on every stream.
      heartbeatMs: wholeNumber('sse.heartbeatMs', sse.heartbeatMs ?? 15_000, 1, MAX_TIMER_MS),
      // EventSource ignores a `retry:` that is not all digits.
      retryMs: wholeNumber('sse.retryMs', sse.retryMs ?? 1000, 0),
      bufferSize: wholeNumber('sse.bufferSize', sse.bufferSize ?? 1000, 0),
      ...(sse.eventName === undefined ? {} : { eventName: sse.eventName }),
    },
    admin: options.admin ?? true,
    schemaVersion: options.schemaVersion ?? '1.0',
    gatewayErrorField: options.gatewayErrorField ?? 'message',
    basePath,
    cursorSecret: checkSecret(options.cursorSecret),
  };
}
