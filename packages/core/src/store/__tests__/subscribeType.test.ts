import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../entityStore';

const sc = (id: string, version: number) => ({ spend_control_id: id, version });

describe('store.subscribeType', () => {
  it('tells once per write outside a batch, once per batch inside one, and nothing for refused writes', () => {
    const store = createEntityStore();
    let told = 0;
    const off = store.subscribeType('spend_control', () => told++);
    store.apply('spend_control', 'sc_1', sc('sc_1', 1));
    expect(told).toBe(1);
    store.batch(() => {
      for (const id of ['sc_1', 'sc_2', 'sc_3']) store.apply('spend_control', id, sc(id, 2));
      expect(told).toBe(1);
    });
    expect(told).toBe(2);
    store.apply('spend_control', 'sc_1', sc('sc_1', 1)); // stale
    store.apply('account', 'acc_1', { account_id: 'acc_1', version: 1 }); // another type
    expect(told).toBe(2);
    store.remove('spend_control', 'sc_2');
    expect(told).toBe(3);
    off();
    store.apply('spend_control', 'sc_1', sc('sc_1', 3));
    expect(told).toBe(3);
  });

  it('is told after the key listeners were queued, with the batch whole', () => {
    const store = createEntityStore();
    const seen: (number | undefined)[] = [];
    store.subscribeType('spend_control', () =>
      seen.push(
        ...['sc_1', 'sc_2'].map((id) => store.get<{ version: number }>('spend_control', id)?.version),
      ),
    );
    store.batch(() => {
      store.apply('spend_control', 'sc_1', sc('sc_1', 1));
      store.apply('spend_control', 'sc_2', sc('sc_2', 1));
    });
    expect(seen).toEqual([1, 1]);
  });
});
