import type { Client, Entity, SpendControl } from '@vstore/core';
import type { CuttingFetch } from './cuttingFetch';
import type { OutboxSlot } from './outboxSlot';
import type { ClientPlan, DeletionPlan, EditField } from './planSoak';
import type { RecordingFetch, RequestRecord, Violation } from './recordingFetch';
import type { SoakPage } from './soakPage';

export interface SoakClient {
  readonly plan: ClientPlan;
  /** The current page's client. */
  readonly client: Client;
  /** Every page the client ran, oldest first; the last is the current one. */
  readonly pages: readonly SoakPage[];
  readonly recorder: RecordingFetch;
  /** Breaks the client's event streams in the middle of a block. */
  readonly cutter: CuttingFetch;
  /** An outbox client's pages, network and writes; undefined for a client that writes directly. */
  readonly outbox?: OutboxSlot;
}

/** How one deletion's poll ended. */
export interface PollRecord {
  readonly client: number;
  readonly plan: DeletionPlan;
  readonly taskId: string;
  readonly startedAt: number;
  endedAt: number;
  /** `completed`, or the name of the error the poll ended with. */
  outcome: string;
  attempts?: number;
}

/** What the run did and saw; the invariants are checked against it. */
export interface SoakLedger {
  readonly requests: RequestRecord[];
  readonly violations: Violation[];
  operations: number;
  /** Calls that failed even after the client's own retries, by error name. */
  readonly surfaced: Map<string, number>;
  /** Application-level repeats of a whole call. */
  appRetries: number;
  /** Edits the client re-ran over a fresher state after a 409. */
  conflictRetries: number;
  /**
   * Edits whose PATCH answer was lost (a 5xx after commit, a dropped connection) and that the client
   * settled by reading: the write had landed (`onOutcome` result `'reconciled'`), nothing was resent.
   */
  readonly reconciled: { client: number; control: string; entity: SpendControl }[];
  /** Edits that failed with `outcomeUnknown` (the read did not show the write); the application repeated them. */
  outcomeUnknown: number;
  /** Highest intent that resolved, per `control:field`. */
  readonly landed: Map<string, number>;
  /** Keys of creates that resolved, with the id they got. */
  readonly created: Map<string, { id: string; name: string; amount: number }>;
  readonly historical: { client: number; control: string; version: number; entity: Entity }[];
  readonly polls: PollRecord[];
  /** What the outbox clients' side of the run did, besides their writes (kept by their slots). */
  readonly outbox: {
    /** Lane waits for a write to settle that ran out (the lane went on). */
    paceTimeouts: number;
    /** Renames by the other writer during offline spells, and how many landed. */
    rivalEdits: number;
    rivalLanded: number;
    readonly rivals: Promise<void>[];
    /** Conflicts a person resolved, by choice. */
    mine: number;
    theirs: number;
  };
  /** How long the workload, the outboxes' drain and the final convergence took. */
  phases: { workMs: number; drainMs: number; convergeMs: number };
  checks: number;
}

export const laneKey = (control: string, field: EditField) => `${control}:${field}`;

export function createLedger(): SoakLedger {
  return {
    requests: [],
    violations: [],
    operations: 0,
    surfaced: new Map(),
    appRetries: 0,
    conflictRetries: 0,
    reconciled: [],
    outcomeUnknown: 0,
    landed: new Map(),
    created: new Map(),
    historical: [],
    polls: [],
    outbox: { paceTimeouts: 0, rivalEdits: 0, rivalLanded: 0, rivals: [], mine: 0, theirs: 0 },
    phases: { workMs: 0, drainMs: 0, convergeMs: 0 },
    checks: 0,
  };
}

/** Counts a call that failed even after the client's retries, by error name. */
export function countSurfaced(ledger: SoakLedger, error: unknown): void {
  const name = error instanceof Error ? error.name : 'unknown';
  ledger.surfaced.set(name, (ledger.surfaced.get(name) ?? 0) + 1);
}

/** PATCHes that got no answer to trust: a 5xx (which may come after commit) or a dropped connection. */
export function lostPatchAnswers(requests: readonly RequestRecord[]): number {
  return requests.filter((r) => r.method === 'PATCH' && (r.failed === true || (r.status ?? 0) >= 500)).length;
}

/** The failures the soak exists to rule out, counted from the violations by invariant. */
export function countLosses(violations: readonly Violation[]): {
  lostWrites: number;
  duplicateCreates: number;
  duplicateWrites: number;
  outOfOrder: number;
  regressions: number;
  skippedEvents: number;
} {
  const count = (...invariants: string[]) =>
    violations.filter((v) => invariants.includes(v.invariant)).length;
  return {
    lostWrites: count(
      "every edit's intent survived",
      'every intent lands',
      'reconciled writes exist on the service',
      'every outbox write lands or ends',
      'landed writes exist on the service',
    ),
    duplicateCreates: count('every create happened exactly once'),
    duplicateWrites: count('no write lands twice'),
    outOfOrder: count('writes land in the order made'),
    regressions: count('subscribers see only newer states', 'states shown existed on the service'),
    skippedEvents: count('every relayed event reaches the gate'),
  };
}
