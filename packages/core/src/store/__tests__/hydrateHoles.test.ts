import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../entityStore';

describe('store.hydrate with a sparse array', () => {
  it('throws having changed nothing when removed has a hole (every() skips holes)', () => {
    const store = createEntityStore();
    const removed: [string, string][] = [];
    removed[1] = ['spend_control', 'sc_9']; // removed[0] is a hole: every() skips it, for-of does not
    const snapshot = {
      format: 1 as const,
      entities: [['spend_control', 'sc_1', { spend_control_id: 'sc_1', version: 1 }] as const],
      removed,
    };
    expect(() => store.hydrate(snapshot)).toThrow(TypeError);
    expect(store.get('spend_control', 'sc_1')).toBeUndefined();
  });

  it('throws having changed nothing when entities has a hole', () => {
    const store = createEntityStore();
    const entities: (readonly [string, string, object])[] = [];
    entities[1] = ['spend_control', 'sc_1', { spend_control_id: 'sc_1', version: 1 }];
    expect(() => store.hydrate({ format: 1, entities, removed: [] })).toThrow(TypeError);
    expect(store.get('spend_control', 'sc_1')).toBeUndefined();
  });
});
