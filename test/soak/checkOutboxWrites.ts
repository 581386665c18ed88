import { isDeepStrictEqual } from 'node:util';
import type { SpendControl } from '@vstore/core';
import type { ServiceState } from '@vstore/service';
import type { OutboxWrite } from './outboxWrites';
import type { EditField, SoakPlan } from './planSoak';
import type { Violation } from './recordingFetch';

export type Histories = ReadonlyMap<string, readonly SpendControl[]>;
type Fail = (invariant: string, detail: string) => void;

const fieldOf = (field: EditField, version: SpendControl): unknown =>
  field === 'name' ? version.name : field === 'limit' ? version.limit?.amount : version.status;

/** A field's value from one version on, until it changes again. */
export interface FieldChange {
  readonly value: unknown;
  readonly version: number;
}

/** The values a field took over a history, each run of equal values once: the initial value first. */
export function fieldChanges(history: readonly SpendControl[], field: EditField): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const version of history) {
    const value = fieldOf(field, version);
    if (changes.at(-1)?.value !== value || changes.length === 0)
      changes.push({ value, version: version.version });
  }
  return changes;
}

const describe = (write: OutboxWrite) =>
  `client ${write.client} ${write.target}.${write.field} #${write.k} (${String(write.value)}, ${write.outcome ?? 'open'})`;

/**
 * One lane's writes (one client, control and field, in the order made) against the control's history.
 * Names and amounts are unique to their write: each landed one is a change of the field exactly once,
 * one dropped as theirs or refused is none, and the changes come in the order the writes were made.
 * A status takes two values, so its writes are checked as the sequence of changes they make. Returns
 * the version each landed write made, for the order of the client's writes across fields.
 */
export function checkLane(
  writes: readonly OutboxWrite[],
  history: readonly SpendControl[],
  fail: Fail,
): Map<OutboxWrite, number> {
  const landedAt = new Map<OutboxWrite, number>();
  const field = writes[0]?.field;
  if (!field) return landedAt;
  const changes = fieldChanges(history, field);
  const values = changes.map((c) => c.value);
  const id = writes[0]?.target;
  if (field === 'status') {
    const landed = writes.filter((w) => w.outcome === 'landed');
    const expected = [values[0], ...landed.map((w) => w.value)].filter(
      (value, i, all) => i === 0 || value !== all[i - 1],
    );
    if (!isDeepStrictEqual(values, expected))
      fail(
        'every outbox write lands or ends',
        `client ${writes[0]?.client} ${id}.status went ${values.join(' → ')}; its landed writes make ${expected.join(' → ')} (${writes.map((w) => `#${w.k} ${String(w.value)} ${w.outcome ?? 'open'}`).join(', ')})`,
      );
    else {
      // Each landed write is the next change, unless it set what the field held already.
      let at = 0;
      for (const write of landed) {
        if (write.value === changes[at]?.value) continue;
        at++;
        const change = changes[at];
        if (change) landedAt.set(write, change.version);
      }
    }
    return landedAt;
  }
  let last = 0;
  for (const change of changes) {
    const write = writes.find((w) => w.value === change.value);
    if (!write?.k) continue;
    if (write.k <= last) fail('writes land in the order made', `${describe(write)} landed after #${last}`);
    last = write.k;
    if (!landedAt.has(write)) landedAt.set(write, change.version);
  }
  for (const write of writes) {
    const times = values.filter((value) => value === write.value).length;
    if (times > 1) fail('no write lands twice', `${describe(write)} is a change of ${id} ${times} times`);
    else if (write.outcome === 'landed' && times === 0)
      fail('every outbox write lands or ends', `${describe(write)} landed, yet no version of ${id} holds it`);
    else if (write.outcome !== 'landed' && times > 0)
      fail(
        'every outbox write lands or ends',
        `${describe(write)} did not land, yet a version of ${id} holds it`,
      );
  }
  return landedAt;
}

/**
 * One client's landed updates of one control, whichever field, made in this order (by their entries'
 * `madeAt`): the versions they made must rise in the same order, as an outbox sends an entity's
 * writes one at a time, in the order made.
 */
export function checkEntityOrder(
  writes: readonly OutboxWrite[],
  landedAt: ReadonlyMap<OutboxWrite, number>,
  fail: Fail,
): void {
  let last: OutboxWrite | undefined;
  for (const write of [...writes].sort((a, b) => (a.madeAt ?? 0) - (b.madeAt ?? 0))) {
    const at = landedAt.get(write);
    if (at === undefined) continue;
    const before = last && landedAt.get(last);
    if (last && before !== undefined && at <= before)
      fail(
        'writes land in the order made',
        `${describe(write)} landed in v${at}, before ${describe(last)} made earlier (v${before})`,
      );
    last = write;
  }
}

/**
 * No version repeats the one before it but for its number and time: a write applied twice (every
 * write the soak makes changes something, so a repeat is one sent again, or one sent over a base
 * that held a change which never landed).
 */
export function checkRepeats(histories: Histories, fail: Fail): void {
  for (const [id, history] of histories) {
    for (let i = 1; i < history.length; i++) {
      const { version: _a, version_time: _b, ...before } = history[i - 1] as SpendControl;
      const { version: _c, version_time: _d, ...after } = history[i] as SpendControl;
      if (isDeepStrictEqual(before, after)) fail('no write lands twice', `${id} v${i + 1} repeats v${i}`);
    }
  }
}

/**
 * The end-of-run invariants of the writes made through outboxes; returns how many creates the service
 * counted under their keys, for the run's total.
 */
export function checkOutboxWrites(
  writes: readonly OutboxWrite[],
  plan: SoakPlan,
  histories: Histories,
  state: ServiceState,
  violate: (violation: Violation) => void,
): number {
  const fail: Fail = (invariant, detail) => violate({ invariant, detail });
  const lanes = new Map<string, OutboxWrite[]>();
  let keyed = 0;
  for (const write of writes) {
    if (write.outcome === undefined)
      fail(
        'every outbox write lands or ends',
        `${write.kind} ${write.target ?? write.name} of client ${write.client} never ended`,
      );
    if (write.outcome === 'failed' && write.kind !== 'delete')
      fail(
        'every intent lands',
        `client ${write.client} ${write.kind} ${write.target ?? write.name} failed: ${write.error}`,
      );
    const entity = write.entity as SpendControl | undefined;
    if (entity && write.kind !== 'delete') {
      const shown = histories.get(entity.spend_control_id)?.[entity.version - 1];
      if (!isDeepStrictEqual({ ...entity }, shown))
        fail(
          'landed writes exist on the service',
          `client ${write.client} ${entity.spend_control_id} v${entity.version}`,
        );
    }
    if (write.kind === 'update') {
      const key = `${write.client}:${write.target}:${write.field}`;
      lanes.set(key, [...(lanes.get(key) ?? []), write]);
    } else if (write.kind === 'create') {
      const count = write.idempotencyKey ? (state.creates.byIdempotencyKey[write.idempotencyKey] ?? 0) : 0;
      keyed += count;
      const named = [...histories.values()].filter(
        (h) => h.at(-1)?.name?.split(' ')[0] === write.name,
      ).length;
      const expected = write.outcome === 'landed' ? 1 : 0;
      if (count !== expected || named !== expected)
        fail(
          'every create happened exactly once',
          `${write.name} (${write.outcome ?? 'open'}): ${count} by its key, ${named} by its name`,
        );
    } else {
      const planned = plan.outcomes.get(write.target ?? '') ?? 'completed';
      const status = state.accounts[write.target ?? '']?.status;
      const error = { completed: undefined, failed: 'TaskFailedError', cancelled: 'TaskCancelledError' }[
        planned
      ];
      const ended = write.outcome === (error ? 'failed' : 'landed') && write.error === error;
      if (!ended || status !== (planned === 'completed' ? 'closed' : 'active'))
        fail(
          'tasks end as the service decided',
          `deletion of ${write.target} (${planned}) ended ${write.outcome} ${write.error ?? ''}, account ${status}`,
        );
    }
  }
  const landedAt = new Map<OutboxWrite, number>();
  const entities = new Map<string, OutboxWrite[]>();
  for (const lane of lanes.values()) {
    const sorted = [...lane].sort((a, b) => (a.k ?? 0) - (b.k ?? 0));
    for (const [write, at] of checkLane(sorted, histories.get(sorted[0]?.target ?? '') ?? [], fail))
      landedAt.set(write, at);
    const key = `${sorted[0]?.client}:${sorted[0]?.target}`;
    entities.set(key, [...(entities.get(key) ?? []), ...sorted]);
  }
  for (const writes of entities.values()) checkEntityOrder(writes, landedAt, fail);
  checkRepeats(histories, fail);
  return keyed;
}
