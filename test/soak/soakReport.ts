import { getClientEvents, type IngestReport } from '@vstore/core';
import type { ServiceState } from '@vstore/service';
import { checkDeliveries, type DeliveryCounts } from './checkDeliveries';
import type { Violation } from './recordingFetch';
import { countLosses, lostPatchAnswers, type SoakClient, type SoakLedger } from './soakTypes';

/** The figures of one run. */
export interface SoakReport {
  seed: number;
  operations: number;
  requests: number;
  faults: {
    rateLimited: number;
    serverErrors: number;
    conflicts: number;
    duplicatedWebhooks: number;
    refusedEvents: number;
  };
  conflictRetries: number;
  /**
   * The clients that write directly: PATCHes whose answer was lost (5xx or dropped), and how the
   * edits behind them ended: settled by a read showing the write had landed, or failed as outcome
   * unknown and repeated by the application.
   */
  lostAnswers: { patches: number; reconciled: number; outcomeUnknown: number };
  /**
   * The event streams, cut in the middle of a block at random: streams opened and cut, and the relay's
   * deliveries as every client's gate took them (summed over the clients and their pages).
   */
  eventStreams: {
    streams: number;
    cuts: number;
    gaps: number;
    /** Stream requests sent inside the Retry-After window of another request's 429 (a known gap, see recordingFetch). */
    inCooldown: number;
  } & DeliveryCounts;
  /** The clients that write through an outbox: their writes, how they ended, and what they went through. */
  outbox: OutboxFigures;
  /** What the soak rules out, from the violations: each must be 0. */
  losses: ReturnType<typeof countLosses>;
  appRetries: number;
  surfaced: Record<string, number>;
  /** How the polls ended, and the longest any ran past its maxDurationMs (negative: none did). */
  polls: Record<string, number>;
  pollOverrunMs: number;
  checks: number;
  ms: number;
  /** Of `ms`: the workload, the outboxes' drain, the final convergence. */
  phases: SoakLedger['phases'];
  violations: Violation[];
}

export interface OutboxFigures {
  clients: number;
  writes: { update: number; create: number; delete: number };
  landed: number;
  /** Refused for good, by error: deletions whose task failed or was cancelled as the service decided. */
  failed: Record<string, number>;
  /** Dropped as theirs after a conflict. */
  theirs: number;
  /** Entries held as conflicts, and how a person resolved them. */
  conflicts: number;
  mine: number;
  offlineSpells: number;
  /** Requests refused while offline (they never left). */
  refused: number;
  reloads: number;
  /** Writes that committed and lost their answer: dropped by the network, or answered 5xx by the service (half of those before commit). */
  lostAnswers: { dropped: number; serverErrors: number };
  /** Entries that came back in a restored outbox after they had left one as landed. */
  restored: number;
  rivalEdits: number;
  paceTimeouts: number;
  /** Longest a write took to be stored (an edit reads its entity first when the page lacks it). */
  slowestStore: { ms: number; what: string };
  /** Requests a reloaded page sent inside the Retry-After of a 429 an earlier page received (it cannot know of it). */
  inEarlierPageWindow: number;
}

function outboxFigures(soaks: readonly SoakClient[], ledger: SoakLedger): OutboxFigures {
  const slots = soaks.flatMap((s) => (s.outbox ? [s.outbox] : []));
  const clients = new Set(slots.map((slot) => slot.plan.client));
  const writes = slots.flatMap((slot) => slot.writes);
  const count = (test: (w: (typeof writes)[number]) => boolean) => writes.filter(test).length;
  const sum = (of: (slot: (typeof slots)[number]) => number) => slots.reduce((n, slot) => n + of(slot), 0);
  return {
    clients: slots.length,
    writes: {
      update: count((w) => w.kind === 'update'),
      create: count((w) => w.kind === 'create'),
      delete: count((w) => w.kind === 'delete'),
    },
    landed: count((w) => w.outcome === 'landed'),
    failed: writes.reduce<Record<string, number>>((byError, w) => {
      if (w.outcome === 'failed') byError[w.error ?? 'unknown'] = (byError[w.error ?? 'unknown'] ?? 0) + 1;
      return byError;
    }, {}),
    theirs: count((w) => w.outcome === 'theirs'),
    conflicts: sum((slot) => slot.counts().conflicts),
    mine: ledger.outbox.mine,
    offlineSpells: sum((slot) => slot.counts().spells),
    refused: sum((slot) => slot.network.refused()),
    reloads: sum((slot) => slot.counts().reloads),
    lostAnswers: {
      dropped: sum((slot) => [...slot.network.dropped.values()].reduce((a, b) => a + b, 0)),
      serverErrors: ledger.requests.filter(
        (r) => clients.has(r.client) && r.method !== 'GET' && (r.status ?? 0) >= 500,
      ).length,
    },
    restored: writes.reduce((n, w) => n + w.restored, 0),
    rivalEdits: ledger.outbox.rivalEdits,
    paceTimeouts: ledger.outbox.paceTimeouts,
    slowestStore: slots
      .map((slot) => slot.counts().slowestStore)
      .reduce((slowest, store) => (store.ms > slowest.ms ? store : slowest), { ms: 0, what: 'none' }),
    inEarlierPageWindow: soaks.reduce((n, s) => n + s.recorder.inEarlierPage(), 0),
  };
}

/**
 * Every delivery of the relay reached every client's gate, as `checkDeliveries` checks; the payloads
 * sent under each id are read from every client's streams. A reloaded client's pages count as one.
 */
export function countDeliveries(
  delivered: number,
  soaks: readonly SoakClient[],
  ledger: SoakLedger,
): Omit<SoakReport['eventStreams'], 'gaps'> {
  const sent = new Map<number, string>();
  for (const soak of soaks) for (const [id, data] of soak.cutter.passed) sent.set(id, data);
  const totals = { streams: 0, cuts: 0, inCooldown: 0, ingested: 0, refused: 0, repeated: 0 };
  for (const soak of soaks) {
    const ingested = new Map<number, IngestReport[]>();
    for (const page of soak.pages)
      for (const [id, reports] of page.deliveries.ingested)
        ingested.set(id, [...(ingested.get(id) ?? []), ...reports]);
    const counts = checkDeliveries(soak.plan.index, delivered, sent, ingested, (v) =>
      ledger.violations.push(v),
    );
    ledger.checks += delivered;
    totals.streams += soak.cutter.streams();
    totals.cuts += soak.cutter.cuts();
    totals.inCooldown += soak.recorder.streamsInWindow();
    totals.ingested += counts.ingested;
    totals.refused += counts.refused;
    totals.repeated += counts.repeated;
  }
  return totals;
}

export function report(
  seed: number,
  state: ServiceState,
  soaks: readonly SoakClient[],
  ledger: SoakLedger,
  eventStreams: SoakReport['eventStreams'],
  ms: number,
): SoakReport {
  const byStatus = (test: (status: number) => boolean) =>
    Object.entries(state.requests.byStatus).reduce((sum, [s, n]) => sum + (test(Number(s)) ? n : 0), 0);
  let refused = 0;
  let checks = ledger.checks;
  for (const soak of soaks) {
    for (const page of soak.pages) {
      const stats = getClientEvents(page.client).getStats();
      refused += stats.duplicate + stats.stale;
      checks += page.watch.checks();
    }
    checks += soak.recorder.checked();
  }
  // The equation reconciled + outcome unknown = lost PATCH answers holds for `edit`, which the clients
  // that write directly use; an outbox settles its lost answers its own way (see `outbox`).
  const direct = ledger.requests.filter((r) => !soaks[r.client]?.outbox);
  return {
    seed,
    operations: ledger.operations,
    requests: ledger.requests.length,
    faults: {
      rateLimited: byStatus((s) => s === 429),
      serverErrors: byStatus((s) => s >= 500),
      conflicts: byStatus((s) => s === 409),
      duplicatedWebhooks: state.webhooks.delivered - state.webhooks.published,
      refusedEvents: refused,
    },
    conflictRetries: ledger.conflictRetries,
    eventStreams,
    lostAnswers: {
      patches: lostPatchAnswers(direct),
      reconciled: ledger.reconciled.length,
      outcomeUnknown: ledger.outcomeUnknown,
    },
    outbox: outboxFigures(soaks, ledger),
    losses: countLosses(ledger.violations),
    appRetries: ledger.appRetries,
    surfaced: Object.fromEntries(ledger.surfaced),
    polls: ledger.polls.reduce<Record<string, number>>((counts, p) => {
      counts[p.outcome] = (counts[p.outcome] ?? 0) + 1;
      return counts;
    }, {}),
    pollOverrunMs: Math.max(
      Number.NEGATIVE_INFINITY,
      ...ledger.polls.map((p) => p.endedAt - p.startedAt - p.plan.bounds.maxDurationMs),
    ),
    checks,
    ms,
    phases: ledger.phases,
    violations: ledger.violations,
  };
}
