import { describe, expect, it, vi } from 'vitest';
import { createEntityStore } from '../entityStore';

describe('dehydrate and hydrate', () => {
  it('round-trips latest states and tombstones through JSON', () => {
    const server = createEntityStore();
    server.apply('spend_control', 'sc_1', { version: 2, limit: { amount: 1, currency: 'EUR' } });
    server.apply('task', 't_1', { task_id: 't_1', status: 'running' });
    server.remove('account', 'acc_1');
    const client = createEntityStore();
    const counts = client.hydrate(JSON.parse(JSON.stringify(server.dehydrate())));
    expect(counts).toEqual({ applied: 2, duplicate: 0, stale: 0, deleted: 0, removed: 1 });
    expect(client.get('spend_control', 'sc_1')).toEqual(server.get('spend_control', 'sc_1'));
    expect(Object.isFrozen(client.get('spend_control', 'sc_1')?.limit)).toBe(true);
    expect(client.get('task', 't_1')?.status).toBe('running');
    expect(client.isRemoved('account', 'acc_1')).toBe(true);
    expect(client.dehydrate()).toEqual(server.dehydrate());
  });

  it('passes every entry through the version gate, so it never regresses', () => {
    const client = createEntityStore();
    client.apply('spend_control', 'sc_1', { version: 5 });
    client.apply('task', 't_1', { status: 'completed' });
    client.remove('account', 'acc_1');
    const held = client.get('spend_control', 'sc_1');
    const counts = client.hydrate({
      format: 1,
      entities: [
        ['spend_control', 'sc_1', { version: 3 }],
        ['task', 't_1', { status: 'running' }],
        ['account', 'acc_1', { version: 1 }],
      ],
      removed: [['account', 'acc_1']],
    });
    expect(counts).toEqual({ applied: 0, duplicate: 0, stale: 2, deleted: 1, removed: 0 });
    expect(client.get('spend_control', 'sc_1')).toBe(held);
    expect(client.get('task', 't_1')?.status).toBe('completed');
  });

  it('notifies each key once for the whole snapshot', () => {
    const client = createEntityStore();
    const listener = vi.fn();
    client.subscribe('spend_control', 'sc_1', listener);
    client.hydrate({
      format: 1,
      entities: [
        ['spend_control', 'sc_1', { version: 1 }],
        ['spend_control', 'sc_1', { version: 2 }],
      ],
      removed: [],
    });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['not an object', 'x'],
    ['a wrong format', { format: 2, entities: [], removed: [] }],
    ['missing arrays', { format: 1 }],
    ['a bad entity entry', { format: 1, entities: [['spend_control', 1, {}]], removed: [] }],
    ['a non-object entity', { format: 1, entities: [['spend_control', 'sc_1', 'x']], removed: [] }],
    ['a bad removed entry', { format: 1, entities: [], removed: [['account']] }],
    [
      'a bad version after good entries',
      {
        format: 1,
        entities: [
          ['spend_control', 'sc_1', { version: 1 }],
          ['task', 't_1', { status: 'running' }],
          ['spend_control', 'sc_2', { version: 0 }],
        ],
        removed: [['account', 'acc_1']],
      },
    ],
  ])('rejects %s with a TypeError and changes nothing', (_, snapshot) => {
    const client = createEntityStore();
    const listener = vi.fn();
    client.subscribe('spend_control', 'sc_1', listener);
    expect(() => client.hydrate(snapshot)).toThrow(TypeError);
    expect(client.dehydrate()).toEqual({ format: 1, entities: [], removed: [] });
    expect(listener).not.toHaveBeenCalled();
  });

  it('takes ownership of the snapshot entities, freezing them in place', () => {
    const entity = { version: 1, limit: { amount: 1 } };
    const client = createEntityStore();
    client.hydrate({ format: 1, entities: [['spend_control', 'sc_1', entity]], removed: [] });
    expect(client.get('spend_control', 'sc_1')).toBe(entity);
    expect(Object.isFrozen(entity.limit)).toBe(true);
  });

  it('drops prototype keys from hydrated entities', () => {
    const client = createEntityStore();
    const snapshot = JSON.parse(
      '{"format":1,"entities":[["spend_control","sc_1",{"version":1,"__proto__":{"polluted":true}}]],"removed":[]}',
    );
    client.hydrate(snapshot);
    expect(Object.hasOwn(client.get('spend_control', 'sc_1') ?? {}, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
