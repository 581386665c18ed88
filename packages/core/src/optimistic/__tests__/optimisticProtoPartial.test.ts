// Found by review 29 (each case failed before its fix): the store drops
// `__proto__`/`constructor`/`prototype` keys from what it is given (JSON.parse makes `__proto__` an
// own key), and the layer's immer-less merge goes through freezeEntity, so it is safe. With immer
// loaded, the same partial is Object.assign-ed onto an immer draft: the `__proto__` own key becomes
// a setPrototypeOf on the draft, immer throws, and every `get` of the key throws until the change
// is failed (a render of the view crashes).
import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../../store/entityStore';
import { loadImmer } from '../loadImmer';
import { createOptimisticLayer } from '../optimisticLayer';

describe('optimistic layer: a partial parsed from JSON with a __proto__ key', () => {
  it('shows the partial without the unsafe key, with or without immer', async () => {
    await loadImmer();
    const store = createEntityStore();
    store.apply('spend_control', 'sc_1', { spend_control_id: 'sc_1', version: 1, name: 'a' });
    const layer = createOptimisticLayer(store);
    layer.apply('spend_control', 'sc_1', JSON.parse('{"name":"b","__proto__":{"isAdmin":true}}'));
    let view: Record<string, unknown> | undefined;
    expect(() => {
      view = layer.get('spend_control', 'sc_1');
    }).not.toThrow();
    expect(view).toMatchObject({ name: 'b', version: 1 });
    expect(Object.getPrototypeOf(view)).toBe(Object.prototype);
    expect(view?.isAdmin).toBeUndefined();
  });
});
