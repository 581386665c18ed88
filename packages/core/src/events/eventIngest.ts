import { type Observable, Subject } from 'rxjs';
import * as z from 'zod/mini';
import type { $ZodError } from 'zod/v4/core';
import type { ShapeIssue } from '../errors/apiError';
import { issueMessage } from '../errors/issueMessage';
import { UnsupportedSchemaVersionError } from '../errors/unsupportedSchemaVersionError';
import { callEach, throwCollected } from '../store/callEach';
import type { ApplyOutcome, EntityStore } from '../store/types';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../wire/depth';
import { nonEmptyString } from '../wire/wireSchemas';
import type { EventRegistry } from './eventRegistry';

// `looseObject`: later minor versions may add envelope fields; zod drops a `__proto__` key either way.
const envelopeSchema = z.looseObject({
  schema_version: z.string(),
  event_type: nonEmptyString,
  data: z.unknown(),
});

/** The two fields read before the envelope is checked. */
type EnvelopeFields = { readonly schema_version?: unknown; readonly event_type?: unknown };

// "1", "1.0", "1.2.3": the major is what decides whether this client can read the payload.
const SCHEMA_VERSION = /^(\d{1,9})(?:\.\d{1,9}){0,2}$/;

/** Why a payload changed nothing without being an error of this client's making. */
export type IgnoreReason =
  | 'invalid-json'
  | 'invalid-envelope'
  | 'unknown-event-type'
  | 'invalid-data'
  | 'missing-id';

/** What happened to one payload: one per `ingest` call, on `reports$`. */
export interface IngestReport {
  readonly outcome: ApplyOutcome | 'ignored' | 'unsupported';
  readonly eventType?: string;
  readonly type?: string;
  readonly id?: string;
  /** The resource `version` carried, for versioned types. */
  readonly version?: number;
  readonly reason?: IgnoreReason;
  /** Validation issues for `invalid-envelope` / `invalid-data`. */
  readonly issues?: readonly ShapeIssue[];
}

/** Counters since creation; a new frozen object on every change, so identity tells whether to render. */
export interface EventStats {
  readonly received: number;
  readonly applied: number;
  readonly duplicate: number;
  readonly stale: number;
  readonly deleted: number;
  readonly ignored: number;
  readonly unsupported: number;
}

/**
 * Options of `createEventIngest`: which event types map to which store types, and which schema majors are
 * readable.
 */
export interface EventIngestOptions {
  /** Maps `event_type` to a store type (see `createDefaultEventRegistry`). */
  registry: EventRegistry;
  /**
   * Schema majors this client can read; any other `schema_version` raises `UnsupportedSchemaVersionError`.
   * @default [1]
   */
  supportedMajors?: readonly number[] | undefined;
  /**
   * Called with the entity's type and id before a `*.created` event (an `event_type` whose last
   * segment is `created`) is applied. @default no-op
   */
  created?: ((type: string, id: string) => void) | undefined;
}

/**
 * Webhook payloads into a store: validates each envelope and its data, offers the entity to the
 * store through the version gate, and counts and reports every outcome.
 */
export interface EventIngest {
  /**
   * Validates a webhook payload and offers its entity to the store as origin `event`.
   * Returns the store's outcome, or `'ignored'` for a payload that does not validate or that no
   * registration covers (the reason is on `reports$`; nothing was changed).
   * @throws UnsupportedSchemaVersionError when `schema_version` is not `<major>[.minor[.patch]]` with a
   *   supported major: a payload this client cannot read must be loud, not silently dropped.
   */
  ingest(payload: unknown): ApplyOutcome | 'ignored';
  /** The registry payloads are resolved against; register more types on it. */
  readonly registry: EventRegistry;
  /** One report per payload, as it is ingested or ignored. */
  readonly reports$: Observable<IngestReport>;
  /** Counters since creation (received, applied, stale, ignored, …): the same object until one changes. */
  getStats(): EventStats;
  /** useSyncExternalStore-compatible: called after each change of `getStats()`. */
  subscribeStats(listener: () => void): () => void;
  /** Counts and reports a payload that never reached `ingest` (e.g. an SSE message that is not JSON). */
  reportIgnored(reason: IgnoreReason): void;
}

export const EMPTY_STATS: EventStats = /* @__PURE__ */ Object.freeze({
  received: 0,
  applied: 0,
  duplicate: 0,
  stale: 0,
  deleted: 0,
  ignored: 0,
  unsupported: 0,
});

/** The major of a `schema_version`, or undefined when it is not in `major[.minor[.patch]]` form. */
export function parseSchemaMajor(schemaVersion: string): number | undefined {
  const match = SCHEMA_VERSION.exec(schemaVersion);
  return match ? Number(match[1]) : undefined;
}

/**
 * Webhook payloads into the store. The resource's own `version` decides, through `store.apply`,
 * whether an event is news; `schema_version` only decides whether the payload can be read and is
 * never compared with `version`. Duplicated and reordered deliveries are therefore harmless.
 */
export function createEventIngest(store: EntityStore, options: EventIngestOptions): EventIngest {
  const supported = options.supportedMajors ?? [1];
  const reports = new Subject<IngestReport>();
  const listeners = new Set<() => void>();
  let stats = EMPTY_STATS;

  const count = (report: IngestReport) => {
    const key = report.outcome;
    stats = Object.freeze({ ...stats, received: stats.received + 1, [key]: stats[key] + 1 });
    const errors = callEach([...listeners], undefined);
    reports.next(report);
    throwCollected(errors, 'Event stats listeners threw');
  };

  /** Throws for a `schema_version` whose major this client does not read; anything but a string passes. */
  const refuseUnsupported = (schemaVersion: unknown, eventType: unknown): void => {
    if (typeof schemaVersion !== 'string') return;
    const major = parseSchemaMajor(schemaVersion);
    if (major !== undefined && supported.includes(major)) return;
    count(typeof eventType === 'string' ? { outcome: 'unsupported', eventType } : { outcome: 'unsupported' });
    throw new UnsupportedSchemaVersionError(schemaVersion, supported.map(String));
  };

  const ignore = (reason: IgnoreReason, extra: Omit<IngestReport, 'outcome' | 'reason'> = {}): 'ignored' => {
    count({ outcome: 'ignored', reason, ...extra });
    return 'ignored';
  };

  return {
    registry: options.registry,
    reports$: reports.asObservable(),
    getStats: () => stats,
    subscribeStats(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportIgnored(reason) {
      ignore(reason);
    },
    ingest(payload) {
      // The major is read before the rest of the envelope is checked: a new major is where the envelope
      // itself may change, and a payload this client cannot read must be loud, not ignored as malformed.
      // Read as the envelope check reads it (inherited too), and again from what that check kept, so a
      // getter that answers otherwise the second time is refused all the same.
      const fields = typeof payload === 'object' && payload !== null ? (payload as EnvelopeFields) : {};
      refuseUnsupported(fields.schema_version, fields.event_type);
      const envelope = z.safeParse(envelopeSchema, payload);
      if (!envelope.success) return ignore('invalid-envelope', { issues: toIssues(envelope.error) });
      const { schema_version: schemaVersion, event_type: eventType, data } = envelope.data;
      refuseUnsupported(schemaVersion, eventType);

      const registration = options.registry.resolve(eventType);
      if (!registration) return ignore('unknown-event-type', { eventType });
      const { type, idKey, schema } = registration;

      const parsed = z.safeParse(schema, data);
      if (!parsed.success) return ignore('invalid-data', { eventType, type, issues: toIssues(parsed.error) });
      // What the store would overflow the stack on is refused here, as a reply nested so deep is.
      if (nestsDeeperThan(parsed.data))
        return ignore('invalid-data', {
          eventType,
          type,
          issues: [
            { path: ['data'], code: 'too_deep', message: `nested deeper than ${MAX_JSON_DEPTH} levels` },
          ],
        });
      const entity = parsed.data as Record<string, unknown>;
      let id: unknown;
      try {
        id = registration.id
          ? registration.id(entity)
          : Object.hasOwn(entity, idKey)
            ? entity[idKey]
            : undefined;
      } catch {
        // A resource's `id` that cannot read this payload: it has no id, as far as the store goes.
      }
      if (typeof id !== 'string' || id.length === 0) return ignore('missing-id', { eventType, type });

      let outcome: ApplyOutcome;
      if (registration.action === 'remove') {
        // A deletion is final whatever order it arrives in, so it needs no version check of its own.
        outcome = store.isRemoved(type, id) ? 'deleted' : 'applied';
        if (outcome === 'applied') store.remove(type, id, 'event');
      } else {
        // Before the apply: lists hear of the write during it, and ask whether the entity is new.
        if (eventType.endsWith('.created')) options.created?.(type, id);
        try {
          outcome = store.apply(type, id, entity, 'event');
        } catch (error) {
          // The store refuses what it cannot order (a version its schema let through, not an integer
          // >= 1): a payload that does not validate, ignored like one the schema refused.
          if (!(error instanceof TypeError)) throw error;
          return ignore('invalid-data', {
            eventType,
            type,
            issues: [{ path: ['data', 'version'], code: 'custom', message: error.message }],
          });
        }
      }
      const version = typeof entity.version === 'number' ? entity.version : undefined;
      count(
        version === undefined ? { outcome, eventType, type, id } : { outcome, eventType, type, id, version },
      );
      return outcome;
    },
  };
}

function toIssues(error: $ZodError): ShapeIssue[] {
  return error.issues.map((issue) => ({ path: issue.path, message: issueMessage(issue), code: issue.code }));
}
