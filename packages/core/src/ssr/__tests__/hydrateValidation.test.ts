import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../errors/apiError';
import { observeHistory } from '../../observers/observeHistory';
import { observeResource } from '../../observers/observeResource';
import { dehydrate } from '../../ssr/dehydrate';
import { hydrate } from '../../ssr/hydrate';
import { InvalidSnapshotError } from '../clientSnapshot';
import { serializeSnapshot } from '../serializeSnapshot';
import { control, versionedService } from './versionedService';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const valid = () => ({
  format: 'vstore-client/1',
  store: {
    format: 1,
    entities: [['spend_control', 'sc_1', control(2)]],
    removed: [['spend_control', 'sc_9']],
  },
  reads: [
    { type: 'spend_control', id: 'sc_1', read: 0, confirmedAt: 1, settledAt: 1 },
    { type: 'spend_control', id: 'sc_1', read: 1, result: control(1), settledAt: 1 },
    { type: 'spend_control', id: 'sc_1', read: 'history', result: [control(1), control(2)], settledAt: 1 },
  ] as Record<string, unknown>[],
});

type Snapshot = ReturnType<typeof valid>;

/** A valid entity first, then `bad`: hydrate must refuse before the first is applied. */
const after = (s: Snapshot, bad: unknown) => ({
  ...s,
  store: { ...s.store, entities: [...s.store.entities, ['spend_control', 'sc_2', bad]] },
});
/** `depth` nested objects, built without recursion. */
const nest = (depth: number) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
const second = (fields: Record<string, unknown>) => ({ ...control(1, 'sc_2'), ...fields });

const broken: [string, string, (s: Snapshot) => unknown][] = [
  // Entities are checked as the wire's are: by their resource's schema and the store's rules.
  [
    'an entity nested 50,000 levels deep',
    'store.entities[1]',
    (s) => after(s, second({ extra: nest(50_000) })),
  ],
  ['a version past 2^53', 'store.entities[1]', (s) => after(s, second({ version: 2 ** 53 }))],
  ['a version of 1e300', 'store.entities[1]', (s) => after(s, second({ version: 1e300 }))],
  [
    'an id field that disagrees with its key',
    'store.entities[1]',
    (s) => after(s, second({ spend_control_id: 'sc_7' })),
  ],
  ['a status outside the schema', 'store.entities[1]', (s) => after(s, second({ status: 'deleted' }))],
  ['a limit as text', 'store.entities[1]', (s) => after(s, second({ limit: '5 USD' }))],
  ['null', 'the snapshot', () => null],
  ['a string', 'the snapshot', () => 'vstore'],
  ['another format', 'format', (s) => ({ ...s, format: 'vstore-client/2' })],
  ['reads not an array', 'reads', (s) => ({ ...s, reads: {} })],
  [
    'an entity without a version',
    'store.entities[0]',
    (s) => ({ ...s, store: { ...s.store, entities: [['spend_control', 'sc_2', { name: 'x' }]] } }),
  ],
  ['a store of another format', 'store', (s) => ({ ...s, store: { ...s.store, format: 2 } })],
  [
    'a read with a NUL in its id',
    'reads[3].id',
    (s) => ({ ...s, reads: [...s.reads, { type: 'spend_control', id: 'a\u0000b', read: 0 }] }),
  ],
  [
    'a read of version 1.5',
    'reads[3].read',
    (s) => ({ ...s, reads: [...s.reads, { type: 'spend_control', id: 'sc_1', read: 1.5 }] }),
  ],
  [
    'a negative time',
    'reads[3].confirmedAt',
    (s) => ({ ...s, reads: [...s.reads, { type: 'spend_control', id: 'sc_1', read: 0, confirmedAt: -1 }] }),
  ],
  [
    'a historical result of another version',
    'reads[3].result',
    (s) => ({
      ...s,
      reads: [...s.reads, { type: 'spend_control', id: 'sc_1', read: 3, result: control(1) }],
    }),
  ],
  [
    'a history list with a bad entry',
    'reads[3].result',
    (s) => ({
      ...s,
      reads: [
        ...s.reads,
        { type: 'spend_control', id: 'sc_1', read: 'history', result: [control(1), { version: 0 }] },
      ],
    }),
  ],
  [
    'a result for a latest read',
    'reads[3].result',
    (s) => ({
      ...s,
      reads: [...s.reads, { type: 'spend_control', id: 'sc_1', read: 0, result: control(1) }],
    }),
  ],
  [
    'an error without a message',
    'reads[3].error',
    (s) => ({
      ...s,
      reads: [
        ...s.reads,
        { type: 'spend_control', id: 'sc_1', read: 0, error: { name: 'ApiError', fields: {} } },
      ],
    }),
  ],
];

describe('hydrate(client, snapshot) with untrusted input', () => {
  it('refuses a client it cannot find (no vstore client made it) with a TypeError before reading the snapshot', () => {
    const { client } = versionedService(3);
    expect(() => hydrate({ ...client }, valid())).toThrow(/not made by a vstore client/);
    expect(() => dehydrate({ ...client })).toThrow(TypeError);
    expect(client.store.get('spend_control', 'sc_1')).toBeUndefined();
  });

  it.each(broken)('refuses %s with InvalidSnapshotError at %s, changing nothing', (_, path, make) => {
    const { client } = versionedService(3);
    client.store.apply('spend_control', 'sc_1', control(1));
    const before = serializeSnapshot(dehydrate(client));
    let thrown: unknown;
    try {
      hydrate(client, make(valid()));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidSnapshotError);
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as InvalidSnapshotError).path).toBe(path);
    expect(serializeSnapshot(dehydrate(client))).toBe(before);
    expect(observeHistory(client.spendControls, 'sc_1').getResult().status).toBe('pending');
  });

  it('takes the valid snapshot these are made from', () => {
    const { client } = versionedService(3);
    hydrate(client, valid());
    expect(client.store.get('spend_control', 'sc_1')).toEqual(control(2));
    expect(client.store.isRemoved('spend_control', 'sc_9')).toBe(true);
    expect(observeResource(client.spendControls, 'sc_1', { version: 1 }).getResult().data).toEqual(
      control(1),
    );
  });

  it('lets no __proto__ key reach a prototype, from entities, lists, errors or records', () => {
    const evil = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}';
    // Valid spend controls otherwise (hydrate checks each by its schema), each opening with the poison keys.
    const fields = (version: number) => JSON.stringify(control(version)).slice(1, -1);
    const text = `{"format":"vstore-client/1","store":{"format":1,"entities":[["spend_control","sc_1",
      ${evil},${fields(2)}}]],"removed":[]},"reads":[
      ${evil},"type":"spend_control","id":"sc_1","read":"history","settledAt":1,"result":[${evil},${fields(1)}},{${fields(2)}}]},
      {"type":"spend_control","id":"sc_2","read":0,"errorAt":1,"error":{"name":"__proto__","message":"m",
        "fields":${evil},"status":404,"body":${evil}}}}}]}`;
    const { client } = versionedService(3);
    hydrate(client, JSON.parse(text));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const latest = client.store.get('spend_control', 'sc_1') as object;
    const [first] = observeHistory(client.spendControls, 'sc_1').getResult().data ?? [];
    const { error } = observeResource(client.spendControls, 'sc_2').getResult();
    for (const value of [latest, first, error, (error as ApiError).body]) {
      expect(Object.hasOwn(value as object, '__proto__')).toBe(false);
      expect(Object.hasOwn(value as object, 'constructor')).toBe(false);
    }
    // An unknown class name without a known base comes back as an Error of that name.
    expect(Object.getPrototypeOf(error)).toBe(Error.prototype);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error?.name).toBe('__proto__');
  });
});
