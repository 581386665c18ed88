import type { ReadInfo, StoreChange } from '@vstore/core';
import { createReadFailures, type ReadFailures, type ReadFilter } from './readsState';
import { createRingBuffer, type RingBuffer } from './ringBuffer';

/**
 * One write in the timeline: the store's change record without its entities (the one written and the
 * one it replaced), so the log holds no app data alive, and the time the panel saw it (epoch ms).
 */
export type TimelineEntry = Omit<StoreChange, 'entity' | 'previous'> & { readonly time: number };

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
 * What a write means to a person: `problem` (worth a look: a stale write to the latest state, a write
 * refused because its key was removed, a removal), `routine` (a duplicate, or a version too old for the
 * history cache: the gate doing its job, nothing lost) or `applied`.
 */
export type Weight = 'applied' | 'problem' | 'routine';

export function weigh(outcome: StoreChange['outcome'], historical: boolean): Weight {
  if (outcome === 'applied') return outcome;
  return outcome === 'duplicate' || (outcome === 'stale' && historical) ? 'routine' : 'problem';
}

/**
 * Which writes the timeline shows: all, those of one weight (`problem`, `routine`, `applied`), or
 * those of one outcome (`stale`, `duplicate`, `deleted`, `removed`).
 */
export type OutcomeFilter = 'all' | Weight | Exclude<StoreChange['outcome'], 'applied'>;

export const OUTCOME_FILTERS: readonly OutcomeFilter[] = [
  'all',
  'problem',
  'routine',
  'applied',
  'stale',
  'duplicate',
  'deleted',
  'removed',
];

const ORIGIN_LABELS: Readonly<Record<string, string>> = { broadcast: 'other tab' };

/** How the panel names an origin: `broadcast` is a write relayed from another tab. */
export const originLabel = (origin: string | undefined): string =>
  origin === undefined ? '—' : Object.hasOwn(ORIGIN_LABELS, origin) ? ORIGIN_LABELS[origin]! : origin;

export const outcomeLabel = (outcome: StoreChange['outcome']): string =>
  outcome === 'applied' || outcome === 'removed' ? outcome : `refused: ${outcome}`;

const matches = (filter: OutcomeFilter, entry: TimelineEntry): boolean =>
  filter === 'all' || filter === entry.outcome || filter === weigh(entry.outcome, entry.historical);

/**
 * Writes seen since the last clear, including those the ring buffer dropped or pause skipped: by
 * weight (`applied`, `problem`, `routine`), and the problems by outcome; `failed` counts runs of read
 * failures, which are problems too.
 */
export type Counts = Record<Weight | 'stale' | 'deleted' | 'removed' | 'failed', number>;

/** Problems kept for the "To look at" list, apart from the timeline, so routine writes never push them out. */
export const PROBLEMS_KEPT = 100;

/** What the panel shows, without any DOM: the key table, the problems, the timeline and its filters. */
export interface DevtoolsState {
  readonly log: RingBuffer<TimelineEntry>;
  /** Problem writes, oldest first. */
  readonly problems: RingBuffer<TimelineEntry>;
  /** Failed reads, the other half of "To look at". */
  readonly failures: ReadFailures;
  readonly keys: Map<string, KeyRow>;
  readonly counts: Counts;
  paused: boolean;
  keyFilter: string;
  outcomeFilter: OutcomeFilter;
  /** The Reads view's filters: a part of the read's name, and which reads. */
  readFilter: string;
  readShow: ReadFilter;
  /** The key whose entity is shown (`type/id`), if any, and the two versions compared. */
  entity: KeyRow | undefined;
  compare: [number, number] | undefined;
  /** Records a write: the key table, counts and problems always follow it; the timeline only while not paused. */
  record(change: StoreChange, now: number): void;
  /**
   * Follows a read's state (from `watchReads`, or `readStates` at the start): its failures and
   * recoveries. A 404 for a key the store holds as removed is not listed: the removal is.
   */
  recordRead(info: ReadInfo, now: number): void;
  /** Starts the key table from what the store holds already. */
  seed(
    entities: ReadonlyArray<readonly [string, string, unknown]>,
    removed: ReadonlyArray<readonly [string, string]>,
  ): void;
  /** The timeline through both filters, newest first. */
  visibleEntries(): TimelineEntry[];
  /** Empties the timeline, the problems and the counts; the key table stays, it mirrors the store. */
  clear(): void;
  /**
   * Starts the timeline again with room for `capacity` writes; everything else stays. A capacity that
   * is not a positive integer throws a RangeError and keeps the timeline as it was.
   */
  startTimeline(capacity: number): void;
}

export const keyOf = (row: { type: string; id: string }) => `${row.type}/${row.id}`;

const emptyCounts = (): Counts => ({
  applied: 0,
  problem: 0,
  routine: 0,
  stale: 0,
  deleted: 0,
  removed: 0,
  failed: 0,
});

export function createDevtoolsState(capacity: number): DevtoolsState {
  let log = createRingBuffer<TimelineEntry>(capacity);
  const problems = createRingBuffer<TimelineEntry>(PROBLEMS_KEPT);
  const keys = new Map<string, KeyRow>();
  const failures = createReadFailures();
  const state: DevtoolsState = {
    get log() {
      return log;
    },
    problems,
    failures,
    keys,
    counts: emptyCounts(),
    paused: false,
    keyFilter: '',
    outcomeFilter: 'all',
    readFilter: '',
    readShow: 'all',
    entity: undefined,
    compare: undefined,
    record({ entity: _entity, previous: _previous, ...change }, time) {
      const { type, id, origin, outcome, version, historical } = change;
      const entry: TimelineEntry = { ...change, time };
      const weight = weigh(outcome, historical);
      state.counts[weight]++;
      if (weight === 'problem') {
        state.counts[outcome as 'stale' | 'deleted' | 'removed']++;
        problems.push(entry);
      }
      if (!historical && (outcome === 'applied' || outcome === 'removed')) {
        keys.set(keyOf(change), { type, id, version, origin, removed: outcome === 'removed' });
      }
      if (!state.paused) log.push(entry);
    },
    recordRead(info, now) {
      // A 404 for a key the store holds as removed (an account read once its deletion completed) is
      // the removal's echo: the removal is listed already.
      const error = info.state.error as { status?: number } | undefined;
      if (error?.status === 404 && keys.get(keyOf(info))?.removed) return;
      if (failures.record(info, now)) {
        state.counts.problem++;
        state.counts.failed++;
      }
    },
    seed(entities, removed) {
      for (const [type, id, entity] of entities) {
        const version = (entity as { version?: unknown } | null)?.version;
        keys.set(`${type}/${id}`, {
          type,
          id,
          version: typeof version === 'number' ? version : undefined,
          origin: undefined,
          removed: false,
        });
      }
      for (const [type, id] of removed) {
        keys.set(`${type}/${id}`, { type, id, version: undefined, origin: undefined, removed: true });
      }
    },
    visibleEntries() {
      const needle = state.keyFilter.trim().toLowerCase();
      return log
        .toArray()
        .reverse()
        .filter(
          (entry) =>
            matches(state.outcomeFilter, entry) &&
            (needle === '' || keyOf(entry).toLowerCase().includes(needle)),
        );
    },
    clear() {
      log.clear();
      problems.clear();
      failures.clear();
      Object.assign(state.counts, emptyCounts());
    },
    startTimeline(capacity) {
      log = createRingBuffer<TimelineEntry>(capacity);
    },
  };
  return state;
}
