import { ApiError, type SpendControl } from '@vstore/core';
import { describeError, isTransient, type Persisted, persist } from './persist';
import { CONTROL_ACCOUNT, type EditField } from './planSoak';
import { recipeFor } from './recipes';
import { runDeletion } from './runDeletion';
import { outboxLanes } from './runOutboxWorkload';
import { countSurfaced, laneKey, type SoakClient, type SoakLedger } from './soakTypes';

/** Counts one call and its outcome; a non-transient failure is a violation, since none is expected. */
async function call<T>(ledger: SoakLedger, what: string, run: () => Promise<T>): Promise<Persisted<T>> {
  ledger.operations++;
  const result = await persist(run);
  ledger.appRetries += result.attempts - 1;
  if (!result.ok) {
    countSurfaced(ledger, result.error);
    ledger.violations.push({
      invariant: 'every intent lands',
      detail: `${what}: ${describeError(result.error)}`,
    });
  }
  return result;
}

async function editLane(
  { client, plan }: SoakClient,
  ledger: SoakLedger,
  control: string,
  field: EditField,
  intents: number,
): Promise<void> {
  for (let k = 1; k <= intents; k++) {
    const done = await call(ledger, `client ${plan.index} edit ${control}.${field} #${k}`, () =>
      client.spendControls
        .edit(control, recipeFor(field, k), {
          maxAttempts: 5,
          onRetry: () => {
            ledger.conflictRetries++;
          },
          onOutcome: (outcome) => {
            if (outcome.result === 'reconciled')
              ledger.reconciled.push({ client: plan.index, control, entity: outcome.entity });
          },
        })
        .catch((error: unknown) => {
          // Not resent by the client: the application repeats it, which is safe for an absolute intent.
          if (error instanceof ApiError && error.outcomeUnknown) ledger.outcomeUnknown++;
          throw error;
        }),
    );
    if (!done.ok) return;
    ledger.landed.set(laneKey(control, field), k);
  }
}

async function createLane(soak: SoakClient, ledger: SoakLedger, index: number): Promise<void> {
  const create = soak.plan.creates[index];
  if (!create) return;
  const input = {
    name: create.name,
    limit: { amount: create.amount, currency: 'USD' },
    interval: 'weekly' as const,
    account_id: CONTROL_ACCOUNT,
  };
  // The same key and body on every application-level repeat too: the service must create once.
  const done = await call(ledger, `client ${soak.plan.index} create ${create.key}`, () =>
    soak.client.spendControls.create(input, { idempotencyKey: create.key }),
  );
  if (!done.ok) return;
  const id = done.value.spend_control_id;
  ledger.created.set(create.key, { id, name: create.name, amount: create.amount });
  await editLane(soak, ledger, id, 'name', create.nameEdits);
}

/** Reads never need to succeed; they must only never show something wrong (checked by the watch). */
async function readLane(soak: SoakClient, ledger: SoakLedger, from: number, step: number): Promise<void> {
  const { plan } = soak;
  for (let n = from; n < plan.reads.length; n += step) {
    const read = plan.reads[n];
    if (!read) continue;
    ledger.operations++;
    // The current page's client: an outbox client's page may have reloaded since the last read.
    const { client } = soak;
    try {
      if (read.kind === 'latest') await client.spendControls.get(read.control);
      else if (read.kind === 'history') await client.spendControls.history(read.control);
      else {
        const held = client.store.get<SpendControl>('spend_control', read.control)?.version ?? 1;
        const version = 1 + Math.floor(read.fraction * held);
        const entity = await client.spendControls.get(read.control, { version });
        ledger.historical.push({ client: plan.index, control: read.control, version, entity });
      }
    } catch (error) {
      countSurfaced(ledger, error);
      // A read may fail for good under chaos; a 4xx would mean client and service disagree.
      if (!isTransient(error))
        ledger.violations.push({
          invariant: 'reads succeed or fail transiently',
          detail: describeError(error),
        });
    }
  }
}

const READ_LANES = 2;

/**
 * Runs one client's whole plan: every lane at once, each lane sequential. An outbox client's writes
 * (edits, creates, deletions) go through its outbox (`outboxLanes`); its reads as everyone's.
 */
export async function runClient(soak: SoakClient, ledger: SoakLedger): Promise<void> {
  const lanes: Promise<void>[] = [];
  if (soak.outbox) lanes.push(...outboxLanes(soak, soak.outbox, ledger));
  else {
    for (const lane of soak.plan.edits)
      lanes.push(editLane(soak, ledger, lane.control, lane.field, lane.intents));
    for (let i = 0; i < soak.plan.creates.length; i++) lanes.push(createLane(soak, ledger, i));
    for (const deletion of soak.plan.deletions) lanes.push(runDeletion(soak, ledger, deletion));
  }
  for (let i = 0; i < READ_LANES; i++) lanes.push(readLane(soak, ledger, i, READ_LANES));
  await Promise.all(lanes);
}
