// persistStore's age check over saved records it cannot date (a NaN or future savedAt): they were
// kept for ever, and saved again as new on each restore.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../client/createClient';
import { memoryStorage } from '../outboxStorage';
import { persistStore } from '../persistStore';

const control = {
  spend_control_id: 'sc_1',
  version: 3,
  version_time: '2026-01-01T00:00:00Z',
  name: 'saved long ago',
  status: 'active',
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
};

const newClient = () =>
  createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'token',
    fetch: () => Promise.reject(new Error('offline')),
  });

describe('persistStore', () => {
  it.each([
    ['NaN', Number.NaN],
    ['a time in the future (a clock that was wrong)', Date.now() + 365 * 24 * 3600_000],
  ])('drops a record whose savedAt is %s instead of keeping it for ever', async (_, savedAt) => {
    const storage = memoryStorage();
    await storage.set('vstore:store', {
      buster: '1',
      savedAt,
      entities: [['spend_control', 'sc_1', control]],
      removed: [],
    });
    const client = newClient();
    await persistStore(client, { storage, buster: '1', maxAgeMs: 60_000 });
    expect(client.store.get('spend_control', 'sc_1')).toBeUndefined();
  });
});
