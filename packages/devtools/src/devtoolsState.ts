import type { StoreChange } from '@vstore/core';
import { createRingBuffer, type RingBuffer } from './ringBuffer';

/** One write in the timeline. The entity itself is not kept, so the log holds no app data alive. */
export interface TimelineEntry {
  /** Increases by one per recorded write; survives ring-buffer drops, so rows can be told apart. */
  readonly seq: number;
  /** Epoch milliseconds when the devtools saw the write. */
  readonly time: number;
  readonly type: string;
  readonly id: string;
  readonly origin: string;
  readonly outcome: StoreChange['outcome'];
  /** The offered version (undefined for removals and unversioned types). */
  readonly version: number | undefined;
  readonly heldVersion: number | undefined;
  /** A write to the history cache, which never changes the latest state. */
  readonly historical: boolean;
}

/** The latest known state of one store key. */
export interface KeyRow {
  readonly type: string;
  readonly id: string;
  readonly version: number | undefined;
  /** Origin of the write that produced it; undefined when it was already held when the panel started. */
  readonly origin: string | undefined;
  readonly removed: boolean;
}

/**
 * Which writes the timeline shows: all, only applied ones, every refused one (`refused`), one
 * refusal reason (`stale`, `duplicate`, `deleted`), or removals.
 */
export type OutcomeFilter = 'all' | 'applied' | 'refused' | 'stale' | 'duplicate' | 'deleted' | 'removed';

export const OUTCOME_FILTERS: readonly OutcomeFilter[] = [
  'all',
  'applied',
  'refused',
  'stale',
  'duplicate',
  'deleted',
  'removed',
];

const ORIGIN_LABELS: Readonly<Record<string, string>> = {
  response: 'response',
  history: 'history',
  event: 'event',
  broadcast: 'other tab',
  hydrate: 'hydrate',
  optimistic: 'optimistic',
};

/** How the panel names an origin: `broadcast` is a write relayed from another tab. */
export function originLabel(origin: string | undefined): string {
  if (origin === undefined) return '—';
  return Object.hasOwn(ORIGIN_LABELS, origin) ? (ORIGIN_LABELS[origin] as string) : origin;
}

export function outcomeLabel(outcome: StoreChange['outcome']): string {
  return outcome === 'applied' || outcome === 'removed' ? outcome : `refused: ${outcome}`;
}

export function isRefused(outcome: StoreChange['outcome']): boolean {
  return outcome === 'stale' || outcome === 'duplicate' || outcome === 'deleted';
}

function matchesOutcome(filter: OutcomeFilter, outcome: StoreChange['outcome']): boolean {
  if (filter === 'all') return true;
  if (filter === 'refused') return isRefused(outcome);
  return filter === outcome;
}

export type OutcomeCounts = Record<StoreChange['outcome'], number>;

/** What the panel shows, without any DOM: the key table, the timeline and its filters. */
export interface DevtoolsState {
  readonly log: RingBuffer<TimelineEntry>;
  readonly keys: Map<string, KeyRow>;
  /** Writes seen per outcome since the last clear, including those the ring buffer dropped or pause skipped. */
  readonly counts: OutcomeCounts;
  paused: boolean;
  keyFilter: string;
  outcomeFilter: OutcomeFilter;
  /** Records a write: the key table always follows it; the timeline only while not paused. */
  record(change: StoreChange, now: number): void;
  /** Starts the key table from what the store holds already. */
  seed(
    entities: ReadonlyArray<readonly [string, string, unknown]>,
    removed: ReadonlyArray<readonly [string, string]>,
  ): void;
  /** The timeline through both filters, newest first. */
  visibleEntries(): TimelineEntry[];
  /** Empties the timeline and the counts; the key table stays, it mirrors the store. */
  clear(): void;
}

const keyOf = (type: string, id: string) => `${type}/${id}`;

function emptyCounts(): OutcomeCounts {
  return { applied: 0, stale: 0, duplicate: 0, deleted: 0, removed: 0 };
}

export function createDevtoolsState(capacity: number): DevtoolsState {
  const log = createRingBuffer<TimelineEntry>(capacity);
  const keys = new Map<string, KeyRow>();
  let seq = 0;
  const state: DevtoolsState = {
    log,
    keys,
    counts: emptyCounts(),
    paused: false,
    keyFilter: '',
    outcomeFilter: 'all',
    record(change, now) {
      state.counts[change.outcome]++;
      const { type, id, origin, outcome, version, heldVersion, historical } = change;
      if (!historical && (outcome === 'applied' || outcome === 'removed')) {
        keys.set(keyOf(type, id), { type, id, version, origin, removed: outcome === 'removed' });
      }
      if (state.paused) return;
      log.push({ seq: ++seq, time: now, type, id, origin, outcome, version, heldVersion, historical });
    },
    seed(entities, removed) {
      for (const [type, id, entity] of entities) {
        const version = (entity as { version?: unknown } | null)?.version;
        keys.set(keyOf(type, id), {
          type,
          id,
          version: typeof version === 'number' ? version : undefined,
          origin: undefined,
          removed: false,
        });
      }
      for (const [type, id] of removed) {
        keys.set(keyOf(type, id), { type, id, version: undefined, origin: undefined, removed: true });
      }
    },
    visibleEntries() {
      const needle = state.keyFilter.trim().toLowerCase();
      const out: TimelineEntry[] = [];
      const all = log.toArray();
      for (let i = all.length - 1; i >= 0; i--) {
        const entry = all[i] as TimelineEntry;
        if (!matchesOutcome(state.outcomeFilter, entry.outcome)) continue;
        if (needle !== '' && !keyOf(entry.type, entry.id).toLowerCase().includes(needle)) continue;
        out.push(entry);
      }
      return out;
    },
    clear() {
      log.clear();
      Object.assign(state.counts, emptyCounts());
    },
  };
  return state;
}
