// Found by review 29 (each case failed before its fix): createEntityStore's historySize is used
// unchecked. NaN (a config read from an env var that was not set, `Number(undefined)`) makes
// putVersion's bound checks both false, so the "bounded cache of historical versions" keeps every
// version it is given. Other numeric options are checked (retry, timeouts: review 21); this one was
// neither checked nor bounded.
import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../entityStore';

describe('createEntityStore historySize', () => {
  it('refuses NaN with a TypeError, or keeps the cache bounded', () => {
    let store: ReturnType<typeof createEntityStore> | undefined;
    try {
      store = createEntityStore({ historySize: Number(undefined) });
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      return;
    }
    store.apply('spend_control', 'sc_1', { version: 5000 });
    for (let version = 1; version < 5000; version++)
      store.applyHistorical('spend_control', 'sc_1', { version });
    const kept = Array.from({ length: 4999 }, (_, at) => at + 1).filter(
      (version) => store?.getVersion('spend_control', 'sc_1', version) !== undefined,
    );
    expect(kept.length).toBeLessThanOrEqual(20);
  });
});
