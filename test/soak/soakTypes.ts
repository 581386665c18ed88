import type { Client, Entity } from '@vstore/core';
import type { ClientPlan, DeletionPlan, EditField } from './planSoak';
import type { RecordingFetch, RequestRecord, Violation } from './recordingFetch';
import type { StoreWatch } from './watchStore';

export interface SoakClient {
  readonly plan: ClientPlan;
  readonly client: Client;
  readonly watch: StoreWatch;
  readonly recorder: RecordingFetch;
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
  /** Highest intent that resolved, per `control:field`. */
  readonly landed: Map<string, number>;
  /** Keys of creates that resolved, with the id they got. */
  readonly created: Map<string, { id: string; name: string; amount: number }>;
  readonly historical: { client: number; control: string; version: number; entity: Entity }[];
  readonly polls: PollRecord[];
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
    landed: new Map(),
    created: new Map(),
    historical: [],
    polls: [],
    checks: 0,
  };
}

/** Counts a call that failed even after the client's retries, by error name. */
export function countSurfaced(ledger: SoakLedger, error: unknown): void {
  const name = error instanceof Error ? error.name : 'unknown';
  ledger.surfaced.set(name, (ledger.surfaced.get(name) ?? 0) + 1);
}
