import { isDeepStrictEqual } from 'node:util';
import type { Entity, SpendControl } from '@vstore/core';
import { getClientEvents } from '@vstore/core';
import type { Service, ServiceState } from '@vstore/service';
import { checkOutboxWrites } from './checkOutboxWrites';
import {
  INITIAL_AMOUNT,
  INITIAL_NAME,
  intentAmount,
  intentStatus,
  intentToken,
  type SoakPlan,
} from './planSoak';
import { laneKey, type SoakClient, type SoakLedger } from './soakTypes';

/** Bounded wait for webhooks still on the wire (a reordered one is held up to 250 ms). */
const CONVERGE_TIMEOUT_MS = 20_000;

async function readHistory(service: Service, token: string, id: string): Promise<SpendControl[]> {
  const response = await service.fetch(
    new Request(`http://soak.invalid/spend_controls/${encodeURIComponent(id)}/history`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  if (response.status !== 200) throw new Error(`history of ${id} answered ${response.status}`);
  return ((await response.json()) as { data: SpendControl[] }).data;
}

/** Where one client's store still differs from the service, or undefined once it matches. */
function divergence(soak: SoakClient, state: ServiceState): string | undefined {
  const { client, plan } = soak;
  // A reloaded client's pages between them took every delivery: each resumed where the last stopped.
  const received = soak.pages.reduce(
    (sum, page) => sum + getClientEvents(page.client).getStats().received,
    0,
  );
  if (received !== state.webhooks.delivered)
    return `client ${plan.index} received ${received} of ${state.webhooks.delivered} deliveries`;
  for (const [id, version] of Object.entries(state.spendControls)) {
    const held = client.store.get<SpendControl>('spend_control', id)?.version;
    if (held !== version) return `client ${plan.index} holds ${id} v${held} of v${version}`;
  }
  for (const [id, account] of Object.entries(state.accounts)) {
    if (account.status === 'closed') {
      if (!client.store.isRemoved('account', id)) return `client ${plan.index} still holds closed ${id}`;
      continue;
    }
    const held = client.store.get<Entity>('account', id)?.version;
    if (held !== account.version && !(held === undefined && account.version === 1))
      return `client ${plan.index} holds ${id} v${held} of v${account.version}`;
  }
  for (const [id, status] of Object.entries(state.tasks)) {
    const held = client.store.get<Entity>('task', id)?.status;
    if (held !== status) return `client ${plan.index} holds task ${id} ${String(held)}, service ${status}`;
  }
  return undefined;
}

/** Every client's store ends equal to the service, from its event stream alone. */
export async function awaitConvergence(service: Service, soaks: readonly SoakClient[], ledger: SoakLedger) {
  const deadline = Date.now() + CONVERGE_TIMEOUT_MS;
  let left: string | undefined;
  do {
    const state = service.inspect();
    left = soaks.map((soak) => divergence(soak, state)).find((d) => d !== undefined);
    if (left === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  } while (Date.now() < deadline);
  ledger.checks += soaks.length;
  if (left !== undefined) ledger.violations.push({ invariant: 'every client converges', detail: left });
}

/** The end-of-run invariants: content, intents, exactly-once creates, polls, quiescence. */
export async function checkFinalState(
  service: Service,
  plan: SoakPlan,
  soaks: readonly SoakClient[],
  ledger: SoakLedger,
): Promise<void> {
  const state = service.inspect();
  const fail = (invariant: string, detail: string) => ledger.violations.push({ invariant, detail });
  const check = (ok: boolean, invariant: string, detail: () => string) => {
    ledger.checks++;
    if (!ok) fail(invariant, detail());
  };
  const token = plan.clients[0]?.token ?? '';
  const histories = new Map<string, SpendControl[]>();
  for (const id of Object.keys(state.spendControls)) histories.set(id, await readHistory(service, token, id));

  // Nobody was ever shown a state the service never had, and everyone ends on the latest.
  for (const soak of soaks) {
    for (const [key, versions] of soak.pages.flatMap((page) => [...page.watch.seen])) {
      const [type, id = ''] = key.split(':');
      if (type !== 'spend_control') continue;
      const history = histories.get(id) ?? [];
      for (const [version, entity] of versions)
        check(
          isDeepStrictEqual({ ...entity }, history[version - 1]),
          'states shown existed on the service',
          () => `client ${soak.plan.index} ${id} v${version}`,
        );
    }
    for (const [id, history] of histories) {
      const held = soak.client.store.get<SpendControl>('spend_control', id);
      check(
        isDeepStrictEqual({ ...held }, history.at(-1)),
        'every client converges',
        () => `client ${soak.plan.index} ${id} content`,
      );
    }
  }
  for (const read of ledger.historical) {
    const expected = histories.get(read.control)?.[read.version - 1];
    check(
      isDeepStrictEqual({ ...read.entity }, expected),
      'historical reads return that version',
      () => `client ${read.client} ${read.control} v${read.version}`,
    );
  }

  // An edit settled by reading after its answer was lost resolved with a state the service made.
  for (const { client, control, entity } of ledger.reconciled) {
    check(
      isDeepStrictEqual({ ...entity }, histories.get(control)?.[entity.version - 1]),
      'reconciled writes exist on the service',
      () => `client ${client} ${control} v${entity.version}`,
    );
  }

  // Every intent survived the 409s: each field holds exactly what its one writer last asked for.
  const latest = (id: string) => histories.get(id)?.at(-1);
  const outboxClients = new Set(soaks.filter((s) => s.outbox).map((s) => s.plan.index));
  for (const client of plan.clients) {
    // An outbox client's writes are checked write by write below (checkOutboxWrites).
    if (outboxClients.has(client.index)) continue;
    for (const lane of client.edits) {
      const landed = ledger.landed.get(laneKey(lane.control, lane.field)) ?? 0;
      if (landed !== lane.intents) continue; // a lane that gave up is already a violation
      const final = latest(lane.control);
      const expected =
        lane.field === 'name'
          ? [INITIAL_NAME, ...Array.from({ length: landed }, (_, i) => intentToken(i + 1))].join(' ')
          : lane.field === 'limit'
            ? landed === 0
              ? INITIAL_AMOUNT
              : intentAmount(landed)
            : landed === 0
              ? 'active'
              : intentStatus(landed);
      const actual =
        lane.field === 'name' ? final?.name : lane.field === 'limit' ? final?.limit?.amount : final?.status;
      check(
        actual === expected,
        "every edit's intent survived",
        () => `${lane.control}.${lane.field} is ${String(actual)}, want ${String(expected)}`,
      );
    }
  }
  // Every write made through an outbox landed once, in order, or ended failed or dropped as theirs.
  let keyed = checkOutboxWrites(
    soaks.flatMap((s) => s.outbox?.writes ?? []),
    plan,
    histories,
    state,
    (v) => ledger.violations.push(v),
  );
  ledger.checks += soaks.reduce((sum, s) => sum + (s.outbox?.writes.length ?? 0), 0);
  // Every create happened exactly once, as the service counts, and kept the creator's later edits.
  for (const client of plan.clients) {
    if (outboxClients.has(client.index)) continue;
    for (const create of client.creates) {
      const count = state.creates.byIdempotencyKey[create.key] ?? 0;
      keyed += count;
      const made = ledger.created.get(create.key);
      check(
        made ? count === 1 : count <= 1,
        'every create happened exactly once',
        () => `${create.key} created ${count} times`,
      );
      if (!made) continue;
      const final = latest(made.id);
      const edits = ledger.landed.get(laneKey(made.id, 'name')) ?? 0;
      const name = [made.name, ...Array.from({ length: edits }, (_, i) => intentToken(i + 1))].join(' ');
      check(
        final?.name === name && final.limit?.amount === made.amount,
        "every edit's intent survived",
        () => `${made.id} is ${final?.name}/${final?.limit?.amount}`,
      );
    }
  }
  check(
    state.creates.total === keyed,
    'every create happened exactly once',
    () => `${state.creates.total} creates for ${keyed} keyed`,
  );

  // Every poll stopped for good when it ended, and its outcome is the service's.
  for (const poll of ledger.polls) {
    const late = ledger.requests.filter(
      (r) => r.client === poll.client && r.path === `/tasks/${poll.taskId}` && r.sentAt > poll.endedAt,
    );
    check(
      late.length === 0,
      'polls end within their bounds',
      () => `task ${poll.taskId} read ${late.length} times after its poll ended`,
    );
    const status = state.tasks[poll.taskId];
    const account = state.accounts[poll.plan.account]?.status;
    check(
      status === poll.plan.outcome,
      'tasks end as the service decided',
      () => `task ${poll.taskId} is ${status}`,
    );
    check(
      account === (poll.plan.outcome === 'completed' ? 'closed' : 'active'),
      'tasks end as the service decided',
      () => `${poll.plan.account} is ${account}`,
    );
  }
  check(
    state.pendingWrites === 0 && state.idempotency.inFlight.length === 0,
    'the service is quiescent',
    () => JSON.stringify(state.idempotency),
  );
}
