// Found by review 29 (each case failed before its fix): persistStore promises "a persisted copy
// never replaces a newer one". For a resource defined with `versioned: false` the store's order is
// `sameContent ? 0 : 1` (resourceOps.ts:80): any other content counts as newer, and the start-order
// ledger that keeps replies in order is not consulted by the restore. A read that landed while the
// saved data was still being read from storage (IndexedDB is asynchronous; components may mount
// meanwhile) is replaced by the older saved copy.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClient } from '../../client/createClient';
import { defineResource } from '../../resources/defineResource';
import { memoryStorage } from '../outboxStorage';
import { persistStore } from '../persistStore';

const rates = defineResource({
  type: 'exchange_rate',
  path: '/exchange_rates',
  idKey: 'currency',
  schema: z.looseObject({ currency: z.string(), rate: z.number() }),
  versioned: false,
});

describe('persistStore with an unversioned resource', () => {
  it('never lets a persisted copy replace a newer reply', async () => {
    const storage = memoryStorage();
    let answer = { currency: 'USD', rate: 1 };
    const fetch = async () => new Response(JSON.stringify(answer), { status: 200 });
    const newClient = () => createClient({ baseUrl: 'http://svc.test', getToken: () => 't', fetch });

    // A page that read rate 1 and saved it.
    const page = newClient();
    const stop = await persistStore(page, { storage, buster: '1', throttleMs: 0 });
    await page.resource(rates).get('USD');
    await stop();

    // The next page: the rate is now 2, and its read lands while the restore reads storage.
    answer = { currency: 'USD', rate: 2 };
    const next = newClient();
    let release: () => void = () => {};
    const slow = {
      ...storage,
      get: async (key: string) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return storage.get(key);
      },
    };
    const restoring = persistStore(next, { storage: slow, buster: '1' });
    expect(await next.resource(rates).get('USD')).toMatchObject({ rate: 2 });
    release();
    await restoring;
    expect(next.store.get('exchange_rate', 'USD')).toMatchObject({ rate: 2 });
  });
});
