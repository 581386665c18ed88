import { type Client, createClient, getClientEvents, type SpendControl } from '@vstore/core';
import { createService, FAULT_PROFILES, type FaultOptions } from '@vstore/service';
import { awaitConvergence, checkFinalState } from './checkFinalState';
import { cuttingFetch, randomCuts } from './cuttingFetch';
import { drainOutboxes, rivalFor } from './drainOutboxes';
import { losingAnswers } from './losingAnswers';
import { offlineNetwork } from './offlineNetwork';
import { createOutboxSlot, type OutboxSlot } from './outboxSlot';
import { planOffline } from './planOffline';
import { planSoak, type SoakSize } from './planSoak';
import { recordingFetch, type Violation } from './recordingFetch';
import { runClient } from './runWorkload';
import { seededRandom } from './seededRandom';
import type { SoakPage } from './soakPage';
import { countDeliveries, report, type SoakReport } from './soakReport';
import { countSurfaced, createLedger, type SoakClient, type SoakLedger } from './soakTypes';
import { watchDeliveries } from './watchDeliveries';
import { watchStore } from './watchStore';

export type { SoakReport } from './soakReport';

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
const RIVAL_TOKEN = 'soak-token-rival';

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
    tokens: [...plan.clients.map((c) => c.token), RIVAL_TOKEN],
    seed: { accounts: plan.accounts, spendControls: plan.controls },
    faults,
    randomSeed: seed,
    writeDelayMs: WRITE_DELAY_MS,
    taskDurationMs: size.taskDurationMs,
    taskOutcome: (task) => plan.outcomes.get(task.resource_id) ?? 'completed',
    sse: { heartbeatMs: 5000, retryMs: 200 },
  });
  const server = await service.listen({ host: '127.0.0.1', port: 0 });
  const offline = new Map(planOffline(seed, size, plan.clients).map((p) => [p.client, p]));
  const soaks: SoakClient[] = [];
  const slots: OutboxSlot[] = [];
  const disconnects: (() => void)[] = [];
  let gaps = 0;
  let sampler: ReturnType<typeof setInterval> | undefined;
  const clientWith = (token: string, fetchImpl: typeof fetch): Client =>
    createClient({
      baseUrl: server.url,
      getToken: () => token,
      fetch: fetchImpl,
      environment: 'soak',
      retry: { baseDelayMs: 50, maxDelayMs: 1000, timeoutMs: 10_000 },
      events: { backoff: { maxDelayMs: EVENTS_MAX_DELAY_MS } },
    });
  // The other writer that renames, during an outbox client's offline spell, a control it writes.
  const rival = clientWith(RIVAL_TOKEN, fetch);
  try {
    for (const clientPlan of plan.clients) {
      const offlinePlan = offline.get(clientPlan.index);
      // A direct client loses some PATCH answers after commit (an outbox client's network does its own).
      const wire = offlinePlan
        ? fetch
        : losingAnswers(fetch, seededRandom(seed * 104_729 + clientPlan.index), size.lostAnswerRate);
      const recorder = recordingFetch(clientPlan.index, server.url, ledger.requests, violate, wire);
      // Its own seeded stream of cut decisions, apart from the plan's, so the plan stays as it was.
      const cutter = cuttingFetch(
        recorder.fetch,
        randomCuts(seededRandom(seed * 7919 + clientPlan.index), CUT_RATE),
      );
      const onGap = () => {
        gaps++;
        violate({
          invariant: 'every relayed event reaches the gate',
          detail: `client ${clientPlan.index}: the relay could not replay since its last event id`,
        });
      };
      const pages: SoakPage[] = [];
      let slot: OutboxSlot | undefined;
      if (offlinePlan) {
        const network = offlineNetwork(
          cutter.fetch,
          seededRandom(offlinePlan.seed * 3 + 1),
          size.lostAnswerRate,
        );
        slot = createOutboxSlot(
          offlinePlan,
          network,
          { client: (f) => clientWith(clientPlan.token, f), onGap, violate },
          pages,
        );
        await slot.open();
        rivalFor(slot, rival, ledger);
        slots.push(slot);
      } else {
        const client = clientWith(clientPlan.token, cutter.fetch);
        const events = getClientEvents(client);
        pages.push({
          client,
          watch: watchStore(clientPlan.index, client.store, violate),
          deliveries: watchDeliveries(events),
        });
        disconnects.push(events.connect('/events', { onGap }));
      }
      soaks.push({
        plan: clientPlan,
        recorder,
        cutter,
        pages,
        get client() {
          const page = pages.at(-1);
          if (!page) throw new Error(`client ${clientPlan.index} has no page`);
          return page.client;
        },
        ...(slot ? { outbox: slot } : {}),
      });
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
    const working = Date.now();
    await Promise.all(soaks.map((soak) => runClient(soak, ledger)));
    const draining = Date.now();
    clearInterval(sampler);
    service.setFaults('none');
    for (const soak of soaks) soak.cutter.stop();
    // Every outbox sends what it holds, its conflicts resolved, before the stores must converge.
    await drainOutboxes(slots, ledger);
    const converging = Date.now();
    await awaitConvergence(service, soaks, ledger);
    ledger.phases = {
      workMs: draining - working,
      drainMs: converging - draining,
      convergeMs: Date.now() - converging,
    };
    await checkFinalState(service, plan, soaks, ledger);
    const deliveries = countDeliveries(service.inspect().webhooks.delivered, soaks, ledger);
    return report(seed, service.inspect(), soaks, ledger, { ...deliveries, gaps }, Date.now() - started);
  } finally {
    clearInterval(sampler);
    for (const disconnect of disconnects) disconnect();
    for (const slot of slots) await slot.close().catch(() => {});
    for (const page of soaks.flatMap((soak) => soak.pages)) {
      page.watch.stop();
      page.deliveries.stop();
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
