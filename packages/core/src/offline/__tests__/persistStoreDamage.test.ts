// Saved data is untrusted: a record of the wrong shape is dropped and reported, never a crash of
// the start, and the good records beside it are restored.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { memoryStorage } from '../outboxStorage';
import { persistStore } from '../persistStore';

const control = (version: number, fields: Record<string, unknown> = {}) => ({
  spend_control_id: 'sc_1',
  version,
  version_time: '2026-01-01T00:00:00Z',
  name: `v${version}`,
  status: 'active',
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
  ...fields,
});

const newClient = () =>
  createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'token',
    fetch: () => Promise.reject(new Error('offline')),
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('persistStore: damaged saved data', () => {
  it.each([
    ['a null record', null],
    ['a number record', 7],
    ['an entity that is not an object', ['spend_control', 'sc_2', null]],
  ])('drops %s among saved entities, keeps the rest, and never crashes the start', async (_, bad) => {
    const storage = memoryStorage();
    await storage.set('vstore:store', {
      buster: '1',
      savedAt: Date.now(),
      entities: [['spend_control', 'sc_1', control(2)], bad],
      removed: [],
    });
    const reports: string[] = [];
    const next = newClient();
    await persistStore(next, { storage, buster: '1', onError: (e) => reports.push(e.message) });
    expect(next.store.get('spend_control', 'sc_1')).toMatchObject({ version: 2 });
    expect(reports).toHaveLength(1);
  });

  it('drops a saved tombstone that is not a pair, and never crashes the start', async () => {
    const storage = memoryStorage();
    await storage.set('vstore:store', {
      buster: '1',
      savedAt: Date.now(),
      entities: [['spend_control', 'sc_1', control(2)]],
      removed: [null],
    });
    const next = newClient();
    await persistStore(next, { storage, buster: '1', onError: () => {} });
    expect(next.store.get('spend_control', 'sc_1')).toMatchObject({ version: 2 });
  });
});
