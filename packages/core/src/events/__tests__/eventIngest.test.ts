import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UnsupportedSchemaVersionError } from '../../errors/unsupportedSchemaVersionError';
import { createEntityStore } from '../../store/entityStore';
import type { StoreChange } from '../../store/types';
import { createDefaultEventRegistry } from '../defaultEventRegistry';
import {
  createEventIngest,
  type EventIngestOptions,
  type IngestReport,
  parseSchemaMajor,
} from '../eventIngest';

const spendControl = (version: number, extra: Record<string, unknown> = {}) => ({
  spend_control_id: 'sc_1',
  version,
  version_time: '2024-01-01T00:00:00Z',
  name: `v${version}`,
  status: 'active',
  limit: { amount: 100, currency: 'EUR' },
  interval: 'monthly',
  account_id: 'acc_1',
  ...extra,
});

const envelope = (data: unknown, schemaVersion = '1.0', eventType = 'spend_control.updated') =>
  Object.freeze({ schema_version: schemaVersion, event_type: eventType, data });

function setup(options: Partial<EventIngestOptions> = {}) {
  const store = createEntityStore();
  const ingest = createEventIngest(store, { registry: createDefaultEventRegistry(), ...options });
  const changes: StoreChange[] = [];
  store.changes.subscribe((c) => changes.push(c));
  const reports: IngestReport[] = [];
  ingest.reports$.subscribe((r) => reports.push(r));
  let notified = 0;
  store.subscribe('spend_control', 'sc_1', () => notified++);
  return { store, ingest, changes, reports, notifications: () => notified };
}

describe('parseSchemaMajor', () => {
  it.each([
    ['1', 1],
    ['1.0', 1],
    ['2.13.4', 2],
    ['10.0', 10],
  ])('reads %s as major %d', (input, major) => {
    expect(parseSchemaMajor(input)).toBe(major);
  });

  it.each(['', 'v1', '1.', '.1', '1.x', ' 1.0', '1.0.0.0', 'abc'])('refuses %j', (input) => {
    expect(parseSchemaMajor(input)).toBeUndefined();
  });
});

describe('createEventIngest', () => {
  it('applies a newer entity through the store as origin event', () => {
    const { store, ingest, changes } = setup();
    expect(ingest.ingest(envelope(spendControl(2)))).toBe('applied');
    expect(store.get('spend_control', 'sc_1')).toMatchObject({ version: 2, name: 'v2' });
    expect(changes.map((c) => [c.origin, c.outcome])).toEqual([['event', 'applied']]);
  });

  it('treats a duplicated delivery as harmless: no store write, nobody notified', () => {
    const { store, ingest, notifications } = setup();
    const payload = envelope(spendControl(3));
    ingest.ingest(payload);
    const held = store.get('spend_control', 'sc_1');
    expect(ingest.ingest(payload)).toBe('duplicate');
    expect(ingest.ingest(JSON.parse(JSON.stringify(payload)))).toBe('duplicate');
    expect(store.get('spend_control', 'sc_1')).toBe(held);
    expect(notifications()).toBe(1);
    expect(ingest.getStats()).toMatchObject({ received: 3, applied: 1, duplicate: 2 });
  });

  it('refuses version 1 arriving after version 2 as stale', () => {
    const { store, ingest, notifications } = setup();
    ingest.ingest(envelope(spendControl(2)));
    expect(ingest.ingest(envelope(spendControl(1)))).toBe('stale');
    expect(store.get('spend_control', 'sc_1')?.version).toBe(2);
    expect(notifications()).toBe(1);
    expect(ingest.getStats().stale).toBe(1);
  });

  it('never compares schema_version with version: only the resource version orders events', () => {
    const { store, ingest } = setup({ supportedMajors: [1, 9] });
    // A "higher" schema carrying an older resource is still stale…
    ingest.ingest(envelope(spendControl(2), '1.0'));
    expect(ingest.ingest(envelope(spendControl(1), '9.0'))).toBe('stale');
    // …and a "lower" schema carrying a newer resource is applied, even when the schema number exceeds it.
    expect(ingest.ingest(envelope(spendControl(3), '1.0'))).toBe('applied');
    expect(ingest.ingest(envelope(spendControl(4), '9.9'))).toBe('applied');
    expect(ingest.ingest(envelope(spendControl(5), '1.0'))).toBe('applied');
    expect(store.get('spend_control', 'sc_1')?.version).toBe(5);
  });

  it.each(['2.0', '0.9', 'abc', '', '1.x'])(
    'raises UnsupportedSchemaVersionError for %j and changes nothing',
    (sv) => {
      const { store, ingest, changes, reports } = setup();
      let thrown: unknown;
      try {
        ingest.ingest(envelope(spendControl(1), sv));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UnsupportedSchemaVersionError);
      expect((thrown as UnsupportedSchemaVersionError).schemaVersion).toBe(sv);
      expect(store.get('spend_control', 'sc_1')).toBeUndefined();
      expect(changes).toEqual([]);
      expect(reports).toEqual([{ outcome: 'unsupported', eventType: 'spend_control.updated' }]);
      expect(ingest.getStats()).toMatchObject({ received: 1, unsupported: 1 });
    },
  );

  it('accepts the majors it is configured with', () => {
    const { ingest } = setup({ supportedMajors: [2] });
    expect(ingest.ingest(envelope(spendControl(1), '2.1'))).toBe('applied');
    expect(() => ingest.ingest(envelope(spendControl(2), '1.0'))).toThrow(UnsupportedSchemaVersionError);
  });

  it.each([
    ['not an object', 'nope'],
    ['null', null],
    ['no event_type', { schema_version: '1.0', data: spendControl(1) }],
    ['an empty event_type', { schema_version: '1.0', event_type: '', data: spendControl(1) }],
    ['no data', { schema_version: '1.0', event_type: 'spend_control.updated' }],
    [
      'a numeric schema_version',
      { schema_version: 1, event_type: 'spend_control.updated', data: spendControl(1) },
    ],
  ])('ignores an envelope that does not validate (%s) and reports why', (_, payload) => {
    const { store, ingest, reports, changes } = setup();
    expect(ingest.ingest(payload)).toBe('ignored');
    expect(store.get('spend_control', 'sc_1')).toBeUndefined();
    expect(changes).toEqual([]);
    expect(reports[0]?.reason).toBe('invalid-envelope');
    expect(reports[0]?.issues?.length).toBeGreaterThan(0);
  });

  it.each([
    ['version 0', spendControl(0)],
    ['a string version', spendControl(1, { version: '2' })],
    ['no id', spendControl(1, { spend_control_id: undefined })],
    ['an empty id', spendControl(1, { spend_control_id: '' })],
    ['a fractional version', spendControl(1, { version: 1.5 })],
    ['an unknown status', spendControl(1, { status: 'deleted' })],
  ])('ignores data that does not validate (%s) without touching the store', (_, data) => {
    const { store, ingest, reports, changes } = setup();
    store.apply('spend_control', 'sc_1', spendControl(1));
    const held = store.get('spend_control', 'sc_1');
    changes.length = 0;
    expect(ingest.ingest(envelope(data))).toBe('ignored');
    expect(store.get('spend_control', 'sc_1')).toBe(held);
    expect(changes).toEqual([]);
    expect(reports[0]).toMatchObject({ reason: 'invalid-data', type: 'spend_control' });
  });

  it('ignores event types no registration covers', () => {
    const { ingest, reports } = setup();
    expect(ingest.ingest(envelope(spendControl(1), '1.0', 'card.issued'))).toBe('ignored');
    expect(ingest.ingest(envelope(spendControl(1), '1.0', '__proto__'))).toBe('ignored');
    expect(reports.map((r) => r.reason)).toEqual(['unknown-event-type', 'unknown-event-type']);
  });

  it('keeps prototype keys in untrusted JSON from polluting anything', () => {
    const { store, ingest } = setup();
    const raw =
      '{"schema_version":"1.0","event_type":"spend_control.updated","__proto__":{"polluted":1},' +
      `"data":${JSON.stringify(spendControl(1)).replace('{', '{"__proto__":{"polluted":2},')}}`;
    expect(ingest.ingest(JSON.parse(raw))).toBe('applied');
    const held = store.get('spend_control', 'sc_1');
    expect(Object.getPrototypeOf(held)).toBe(Object.prototype);
    expect(Object.hasOwn(held ?? {}, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('takes user registrations for new event types', () => {
    const { store, ingest } = setup();
    const card = z.looseObject({ card_id: z.string(), version: z.number().int().min(1), last4: z.string() });
    ingest.registry.register('card.*', { type: 'card', idKey: 'card_id', schema: card });
    expect(ingest.ingest(envelope({ card_id: 'c1', version: 1, last4: '4242' }, '1.0', 'card.issued'))).toBe(
      'applied',
    );
    expect(store.get('card', 'c1')).toMatchObject({ last4: '4242' });
  });

  it('removes an account on account.deleted, after which older account events change nothing', () => {
    const { store, ingest } = setup();
    const account = (version: number, status: string) => ({
      account_id: 'acc_1',
      version,
      version_time: '2024-01-01T00:00:00Z',
      name: 'Main',
      status,
      currency: 'EUR',
    });
    const origins: string[] = [];
    store.changes.subscribe((change) => origins.push(`${change.outcome}:${change.origin}`));
    // Reordered delivery: the deletion overtakes the "closing" update.
    expect(ingest.ingest(envelope(account(3, 'closed'), '1.0', 'account.deleted'))).toBe('applied');
    // The devtools label a removal by where it came from: this one is an event's, not a response's.
    expect(origins).toEqual(['removed:event']);
    expect(ingest.ingest(envelope(account(2, 'closing'), '1.0', 'account.updated'))).toBe('deleted');
    expect(ingest.ingest(envelope(account(3, 'closed'), '1.0', 'account.deleted'))).toBe('deleted');
    expect(store.isRemoved('account', 'acc_1')).toBe(true);
    expect(store.get('account', 'acc_1')).toBeUndefined();
  });

  it('orders task events by status, so a late running never replaces completed', () => {
    const { store, ingest } = setup();
    const task = (status: string) => ({ task_id: 't1', status, operation: 'account.delete' });
    expect(ingest.ingest(envelope(task('pending'), '1.0', 'task.created'))).toBe('applied');
    expect(ingest.ingest(envelope(task('completed'), '1.0', 'task.updated'))).toBe('applied');
    expect(ingest.ingest(envelope(task('running'), '1.0', 'task.updated'))).toBe('stale');
    expect(store.get('task', 't1')).toMatchObject({ status: 'completed' });
  });

  it('publishes frozen stats snapshots that change identity only when counts change', () => {
    const { ingest } = setup();
    const seen: unknown[] = [];
    const stop = ingest.subscribeStats(() => seen.push(ingest.getStats()));
    const before = ingest.getStats();
    expect(Object.isFrozen(before)).toBe(true);
    ingest.ingest(envelope(spendControl(1)));
    ingest.ingest(envelope(spendControl(1)));
    stop();
    ingest.ingest(envelope(spendControl(0)));
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(before);
    expect(ingest.getStats()).toEqual({
      received: 3,
      applied: 1,
      duplicate: 1,
      stale: 0,
      deleted: 0,
      ignored: 1,
      unsupported: 0,
    });
  });

  it('calls every stats listener even when one throws, then throws them together', () => {
    const { ingest } = setup();
    let called = 0;
    ingest.subscribeStats(() => {
      throw new Error('boom');
    });
    ingest.subscribeStats(() => called++);
    expect(() => ingest.ingest(envelope(spendControl(1)))).toThrow(AggregateError);
    expect(called).toBe(1);
  });
});
