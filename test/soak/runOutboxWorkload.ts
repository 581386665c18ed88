import { type Client, observeUpdate, type SpendControl } from '@vstore/core';
import type { OutboxEntry } from '@vstore/core/offline';
import type { OutboxSlot } from './outboxSlot';
import type { OutboxWrite } from './outboxWrites';
import { APP_ATTEMPTS, describeError, isTransient } from './persist';
import { CONTROL_ACCOUNT, type CreatePlan, type DeletionPlan, type EditField } from './planSoak';
import { recipeFor } from './recipes';
import type { SoakClient, SoakLedger } from './soakTypes';

/**
 * Longest a lane waits for its last write to settle before it makes the next anyway (counted). Under
 * chaos one send may sit out several Retry-Afters of up to 5 s, and an entity's writes go one at a time.
 */
const PACE_MS = 10_000;
/** Longest the creator waits for its create to land before it gives up on editing it. */
const CREATE_LANDS_MS = 60_000;

/** A lane's offline writes: how many it made in which spell. */
interface LaneSpell {
  spell: number;
  writes: number;
}

/**
 * Whether a lane may make its next write: the last one settled (landed, failed, dropped), is held as
 * a conflict or waits behind one of its entity; or the client is offline and the lane has made fewer
 * than the spell's burst of writes in it (offline, nothing settles: a person makes a few, then waits).
 */
function paced(slot: OutboxSlot, write: OutboxWrite, lane: LaneSpell): boolean {
  if (write.outcome !== undefined) return true;
  const entries = slot.page().outbox.entries;
  const at = entries.findIndex((e) => e.id === write.entryId);
  const entry = entries[at];
  if (entry?.status === 'conflict') return true;
  if (entry && entries.slice(0, at).some((e) => e.status === 'conflict' && e.entityId === entry.entityId))
    return true;
  const spell = slot.spell();
  if (spell === 0) return false;
  const burst = slot.plan.spells[spell - 1]?.burst ?? 1;
  return !(lane.spell === spell && lane.writes >= burst);
}

async function pace(slot: OutboxSlot, ledger: SoakLedger, write: OutboxWrite, lane: LaneSpell) {
  const spell = slot.spell();
  if (spell !== 0) {
    if (lane.spell !== spell) Object.assign(lane, { spell, writes: 0 });
    lane.writes++;
  }
  if (!(await slot.until(() => paced(slot, write, lane), PACE_MS))) ledger.outbox.paceTimeouts++;
}

/**
 * Makes one write until it is stored. A write that could not be made (the view lacked the entity and
 * the read for it failed, e.g. offline) is made again once the network is back, as a person would.
 */
async function makeWrite(
  slot: OutboxSlot,
  ledger: SoakLedger,
  write: OutboxWrite,
  start: (client: Client, outbox: ReturnType<OutboxSlot['page']>['outbox']) => Promise<unknown>,
  match: (entry: OutboxEntry) => boolean,
): Promise<boolean> {
  ledger.operations++;
  for (let attempt = 1; ; attempt++) {
    const result = await slot.make(write, (page) => start(page.client, page.outbox), match);
    if (result.made) return true;
    if (result.error === undefined || !isTransient(result.error) || attempt === APP_ATTEMPTS) {
      ledger.violations.push({
        invariant: 'every intent lands',
        detail: `client ${write.client} ${write.kind} ${write.target ?? write.name} made no outbox entry: ${result.error === undefined ? 'it changed nothing' : describeError(result.error)}`,
      });
      return false;
    }
    ledger.appRetries++;
    await slot.until(() => slot.spell() === 0, PACE_MS);
  }
}

/** An edit through `observeUpdate(…, { outbox })`: the recipe runs over what the view shows. */
async function editThrough(
  client: Client,
  outbox: ReturnType<OutboxSlot['page']>['outbox'],
  write: OutboxWrite,
  id: string,
  field: EditField,
  k: number,
) {
  // Told in a miss's detail: this edit's entry waits for a read (which may sit out Retry-Afters).
  write.readFirst = client.store.get('spend_control', id) === undefined;
  const observer = observeUpdate(client.spendControls, { outbox });
  const entity = await observer.edit(id, recipeFor(field, k));
  const { error } = observer.getResult();
  if (error) throw error;
  return entity;
}

async function editLane(
  slot: OutboxSlot,
  ledger: SoakLedger,
  control: string,
  field: EditField,
  intents: number,
) {
  if (field === 'name') slot.naming(control, true);
  try {
    await writeLane(slot, ledger, control, field, intents);
  } finally {
    if (field === 'name') slot.naming(control, false);
  }
}

async function writeLane(
  slot: OutboxSlot,
  ledger: SoakLedger,
  control: string,
  field: EditField,
  intents: number,
) {
  const lane: LaneSpell = { spell: 0, writes: 0 };
  for (let k = 1; k <= intents; k++) {
    const write: OutboxWrite = {
      client: slot.plan.client,
      kind: 'update',
      target: control,
      field,
      k,
      conflicts: 0,
      restored: 0,
    };
    const made = await makeWrite(
      slot,
      ledger,
      write,
      (client, outbox) => editThrough(client, outbox, write, control, field, k),
      (e) => e.kind === 'update' && e.entityId === control && e.patch?.[field] !== undefined,
    );
    if (!made) return;
    await pace(slot, ledger, write, lane);
  }
}

/** The id of the control created under `name`, as the current page's store holds it. */
function createdId(slot: OutboxSlot, write: OutboxWrite): string | undefined {
  const known = (write.entity as SpendControl | undefined)?.spend_control_id;
  if (known) return known;
  for (const [type, id, entity] of slot.page().client.store.dehydrate().entities)
    if (type === 'spend_control' && (entity as SpendControl).name?.split(' ')[0] === write.name) return id;
  return undefined;
}

async function createLane(slot: OutboxSlot, ledger: SoakLedger, create: CreatePlan) {
  // The outbox makes the key; the name, unique in the run, finds the control on the service.
  const name = create.key;
  const input = {
    name,
    limit: { amount: create.amount, currency: 'USD' },
    interval: 'weekly' as const,
    account_id: CONTROL_ACCOUNT,
  };
  const write: OutboxWrite = { client: slot.plan.client, kind: 'create', name, conflicts: 0, restored: 0 };
  const made = await makeWrite(
    slot,
    ledger,
    write,
    (client, outbox) => outbox.create(client.spendControls, input),
    (e) => e.kind === 'create' && (e.input as { name?: string } | undefined)?.name === name,
  );
  if (!made) return;
  // The person edits the new control once it shows: once its create landed.
  await slot.until(() => write.outcome !== undefined, CREATE_LANDS_MS);
  if (write.outcome !== 'landed') return;
  await slot.until(() => createdId(slot, write) !== undefined, PACE_MS);
  const id = createdId(slot, write);
  if (!id) {
    ledger.violations.push({
      invariant: 'every intent lands',
      detail: `client ${write.client}: created ${name} never showed`,
    });
    return;
  }
  await editLane(slot, ledger, id, 'name', create.nameEdits);
}

async function deletionLane(slot: OutboxSlot, ledger: SoakLedger, deletion: DeletionPlan) {
  const account = deletion.account;
  const write: OutboxWrite = {
    client: slot.plan.client,
    kind: 'delete',
    target: account,
    conflicts: 0,
    restored: 0,
  };
  const made = await makeWrite(
    slot,
    ledger,
    write,
    (client, outbox) => outbox.delete(client.accounts, account),
    (e) => e.kind === 'delete' && e.entityId === account,
  );
  if (made) await pace(slot, ledger, write, { spell: 0, writes: 0 });
}

/**
 * An outbox client's plan: its edits, creates (and the creator's edits of them) and deletions go
 * through the outbox, each lane waiting for its last write to settle, or, offline, making a few
 * more first; its reads go straight to the client of the current page.
 */
export function outboxLanes(soak: SoakClient, slot: OutboxSlot, ledger: SoakLedger): Promise<void>[] {
  return [
    ...soak.plan.edits.map((lane) => editLane(slot, ledger, lane.control, lane.field, lane.intents)),
    ...soak.plan.creates.map((create) => createLane(slot, ledger, create)),
    ...soak.plan.deletions.map((deletion) => deletionLane(slot, ledger, deletion)),
  ];
}
