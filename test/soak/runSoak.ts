import { createClient, getClientEvents, type SpendControl } from '@vstore/core';
import { createService, FAULT_PROFILES, type FaultOptions } from '@vstore/service';
import { checkDeliveries, type DeliveryCounts } from './checkDeliveries';
import { awaitConvergence, checkFinalState } from './checkFinalState';
import { cuttingFetch, randomCuts } from './cuttingFetch';
import { planSoak, type SoakSize } from './planSoak';
import { recordingFetch, type Violation } from './recordingFetch';
import { runClient } from './runWorkload';
import { seededRandom } from './seededRandom';
import {
  countLosses,
  countSurfaced,
  createLedger,
  lostPatchAnswers,
  type SoakClient,
  type SoakLedger,
} from './soakTypes';
import { watchDeliveries } from './watchDeliveries';
import { watchStore } from './watchStore';

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
   * PATCHes whose answer was lost (5xx or dropped), and how the edits behind them ended: settled by
   * a read showing the write had landed, or failed as outcome unknown and repeated by the application.
   */
  lostAnswers: { patches: number; reconciled: number; outcomeUnknown: number };
  /**
   * The event streams, cut in the middle of a block at random: streams opened and cut, and the relay's
   * deliveries as every client's gate took them (summed over the clients).
   */
  eventStreams: {
    streams: number;
    cuts: number;
    gaps: number;
    /** Stream requests sent inside the Retry-After window of another request's 429 (a known gap, see recordingFetch). */
    inCooldown: number;
  } & DeliveryCounts;
  /** What the soak rules out, from the violations: each must be 0. */
  losses: ReturnType<typeof countLosses>;
  appRetries: number;
  surfaced: Record<string, number>;
  /** How the polls ended, and the longest any ran past its maxDurationMs (negative: none did). */
  polls: Record<string, number>;
  pollOverrunMs: number;
  checks: number;
  ms: number;
  violations: Violation[];
}

/**
 * The service's `chaos` profile (20 % of requests in 429 bursts with Retry-After: 1, 15 % 5xx half
 * of them after commit, latency on half the requests, 25 % duplicated and 25 % reordered webhooks),
 * with the latency range narrowed for the CI run: it adds wall time, not new interleavings. The long
 * run uses the profile unchanged.
 */
export const CI_FAULTS: FaultOptions = { ...FAULT_PROFILES.chaos, latencyMs: [5, 120] };
/** A write's read-to-commit window: wide enough that concurrent writers collide into 409s. */
const WRITE_DELAY_MS = 15;
const SAMPLE_EVERY_MS = 500;
/**
 * Chance that a block of an event stream (an event, the relay's opening comment, a heartbeat) is the
 * one the connection breaks in, after a random byte of it. About one block in twelve: each client's
 * stream breaks every few seconds, often again before the replay of the event it lost is through.
 */
const CUT_RATE = 0.08;
/** Longest wait before a client reconnects its stream, so a stream cut late still converges in time. */
const EVENTS_MAX_DELAY_MS = 2000;

/**
 * One seeded soak: several clients, each with its own token, rate-limit bucket, store and event
 * stream, run their planned edits, creates, reads and deletions at once against one service.
 *
 * Each field of a spend control has one writer. The service checks for a concurrent change only
 * between its own read and commit (spec, Versioning 4), so two clients writing the same field can
 * overwrite each other without any 409 — the spec offers no way to detect that. With one writer per
 * field the final value of every field is known exactly, while writers of other fields of the same
 * control still collide into 409s inside the write window.
 */
export async function runSoak(
  seed: number,
  size: SoakSize,
  faults: FaultOptions | 'chaos' = 'chaos',
): Promise<SoakReport> {
  const started = Date.now();
  const plan = planSoak(seed, size);
  const ledger = createLedger();
  const violate = (v: Violation) => ledger.violations.push(v);
  const service = createService({
    tokens: plan.clients.map((c) => c.token),
    seed: { accounts: plan.accounts, spendControls: plan.controls },
    faults,
    randomSeed: seed,
    writeDelayMs: WRITE_DELAY_MS,
    taskDurationMs: size.taskDurationMs,
    taskOutcome: (task) => plan.outcomes.get(task.resource_id) ?? 'completed',
    sse: { heartbeatMs: 5000, retryMs: 200 },
  });
  const server = await service.listen({ host: '127.0.0.1', port: 0 });
  const soaks: SoakClient[] = [];
  const disconnects: (() => void)[] = [];
  let gaps = 0;
  let sampler: ReturnType<typeof setInterval> | undefined;
  try {
    for (const clientPlan of plan.clients) {
      const recorder = recordingFetch(clientPlan.index, server.url, ledger.requests, violate);
      // Its own seeded stream of cut decisions, apart from the plan's, so the plan stays as it was.
      const cutter = cuttingFetch(
        recorder.fetch,
        randomCuts(seededRandom(seed * 7919 + clientPlan.index), CUT_RATE),
      );
      const client = createClient({
        baseUrl: server.url,
        getToken: () => clientPlan.token,
        fetch: cutter.fetch,
        environment: 'soak',
        retry: { baseDelayMs: 50, maxDelayMs: 1000, timeoutMs: 10_000 },
        events: { backoff: { maxDelayMs: EVENTS_MAX_DELAY_MS } },
      });
      const events = getClientEvents(client);
      soaks.push({
        plan: clientPlan,
        client,
        recorder,
        cutter,
        watch: watchStore(clientPlan.index, client.store, violate),
        deliveries: watchDeliveries(events),
      });
      disconnects.push(
        events.connect('/events', {
          onGap: () => {
            gaps++;
            violate({
              invariant: 'every relayed event reaches the gate',
              detail: `client ${clientPlan.index}: the relay could not replay since its last event id`,
            });
          },
        }),
      );
    }
    await waitForStreams(soaks);
    // The first render: each client reads the seeded controls once; from then on events and its own calls.
    await Promise.all(
      soaks.flatMap((s) =>
        plan.controls.map((c) => {
          ledger.operations++;
          // Under chaos a first read may fail for good; the control then reaches the store by its events.
          return s.client.spendControls
            .get(c.spend_control_id)
            .catch((e: unknown) => countSurfaced(ledger, e));
        }),
      ),
    );
    sampler = setInterval(() => sample(service.inspect().spendControls, soaks, ledger), SAMPLE_EVERY_MS);
    await Promise.all(soaks.map((soak) => runClient(soak, ledger)));
    clearInterval(sampler);
    service.setFaults('none');
    for (const soak of soaks) soak.cutter.stop();
    await awaitConvergence(service, soaks, ledger);
    await checkFinalState(service, plan, soaks, ledger);
    const deliveries = countDeliveries(service.inspect().webhooks.delivered, soaks, ledger);
    return report(seed, service.inspect(), soaks, ledger, { ...deliveries, gaps }, Date.now() - started);
  } finally {
    clearInterval(sampler);
    for (const disconnect of disconnects) disconnect();
    for (const soak of soaks) {
      soak.watch.stop();
      soak.deliveries.stop();
    }
    await server.close();
  }
}

/** Throughout the run: no client ever holds a version the service has not made yet. */
function sample(latest: Record<string, number>, soaks: readonly SoakClient[], ledger: SoakLedger): void {
  for (const soak of soaks) {
    for (const [id, version] of Object.entries(latest)) {
      ledger.checks++;
      const held = soak.client.store.get<SpendControl>('spend_control', id)?.version ?? 0;
      if (held > version)
        ledger.violations.push({
          invariant: 'no client is ahead of the service',
          detail: `client ${soak.plan.index} ${id} v${held} > v${version}`,
        });
    }
  }
}

async function waitForStreams(soaks: readonly SoakClient[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!soaks.every((s) => getClientEvents(s.client).getConnectionState() === 'open')) {
    if (Date.now() > deadline) throw new Error('event streams did not open within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Every delivery of the relay reached every client's gate, as `checkDeliveries` checks; the payloads
 * sent under each id are read from every client's streams.
 */
function countDeliveries(
  delivered: number,
  soaks: readonly SoakClient[],
  ledger: SoakLedger,
): Omit<SoakReport['eventStreams'], 'gaps'> {
  const sent = new Map<number, string>();
  for (const soak of soaks) for (const [id, data] of soak.cutter.passed) sent.set(id, data);
  const totals = { streams: 0, cuts: 0, inCooldown: 0, ingested: 0, refused: 0, repeated: 0 };
  for (const soak of soaks) {
    const counts = checkDeliveries(soak.plan.index, delivered, sent, soak.deliveries.ingested, (v) =>
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

function report(
  seed: number,
  state: ReturnType<ReturnType<typeof createService>['inspect']>,
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
    const stats = getClientEvents(soak.client).getStats();
    refused += stats.duplicate + stats.stale;
    checks += soak.watch.checks() + soak.recorder.checked();
  }
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
      patches: lostPatchAnswers(ledger.requests),
      reconciled: ledger.reconciled.length,
      outcomeUnknown: ledger.outcomeUnknown,
    },
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
    violations: ledger.violations,
  };
}
