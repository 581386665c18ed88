import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { memoryStorage, type OutboxStorage } from '../outboxStorage';
import { OutboxStorageError } from '../outboxStorageError';
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

/** A page that saves, then a page that restores from the same storage. */
async function savedBy(
  storage: OutboxStorage,
  fill: (client: ReturnType<typeof newClient>) => void,
  buster = '1',
) {
  const page = newClient();
  const stop = await persistStore(page, { storage, buster });
  fill(page);
  await stop();
}

describe('persistStore', () => {
  it('restores what a page saved, through the gate with origin persisted', async () => {
    const storage = memoryStorage();
    await savedBy(storage, (page) => {
      page.store.apply('spend_control', 'sc_1', control(3));
      page.store.apply('account', 'acc_9', { account_id: 'acc_9', version: 1, version_time: 't' });
      page.store.remove('account', 'acc_9');
    });
    const next = newClient();
    const origins: string[] = [];
    next.store.changes.subscribe((change) =>
      origins.push(`${change.type}:${change.outcome}:${change.origin}`),
    );
    await persistStore(next, { storage, buster: '1' });
    expect(next.store.get('spend_control', 'sc_1')).toMatchObject({ version: 3 });
    expect(next.store.isRemoved('account', 'acc_9')).toBe(true);
    expect(origins).toEqual(['spend_control:applied:persisted', 'account:removed:persisted']);
  });

  it('never lets a persisted copy replace a newer one, and lets a newer read replace it', async () => {
    const storage = memoryStorage();
    await savedBy(storage, (page) => void page.store.apply('spend_control', 'sc_1', control(3)));
    const next = newClient();
    next.store.apply('spend_control', 'sc_1', control(5));
    await persistStore(next, { storage, buster: '1' });
    expect(next.store.get('spend_control', 'sc_1')).toMatchObject({ version: 5 });
    const other = newClient();
    await persistStore(other, { storage, buster: '1' });
    expect(other.store.apply('spend_control', 'sc_1', control(4))).toBe('applied');
  });

  it('drops data saved under another buster or longer ago than maxAgeMs', async () => {
    const storage = memoryStorage();
    await savedBy(storage, (page) => void page.store.apply('spend_control', 'sc_1', control(3)));
    const busted = newClient();
    await persistStore(busted, { storage, buster: '2' });
    expect(busted.store.get('spend_control', 'sc_1')).toBeUndefined();
    expect(await storage.keys()).toEqual([]);

    await savedBy(storage, (page) => void page.store.apply('spend_control', 'sc_1', control(3)));
    vi.advanceTimersByTime(61_000);
    const stale = newClient();
    await persistStore(stale, { storage, buster: '1', maxAgeMs: 60_000 });
    expect(stale.store.get('spend_control', 'sc_1')).toBeUndefined();
  });

  it('drops a record that fails its schema or the store\u2019s checks, reports it once, and keeps the rest', async () => {
    const storage = memoryStorage();
    await storage.set('vstore:store', {
      buster: '1',
      savedAt: Date.now(),
      entities: [
        ['spend_control', 'sc_1', control(2)],
        ['spend_control', 'sc_2', control(2, { spend_control_id: 'sc_2', status: 'deleted' })],
        ['spend_control', 'sc_3', control(2 ** 53, { spend_control_id: 'sc_3' })],
        ['spend_control', 'sc_4', control(1, { spend_control_id: 'sc_9' })],
      ],
      removed: [],
    });
    const next = newClient();
    const reports: string[] = [];
    await persistStore(next, { storage, buster: '1', onError: (error) => reports.push(error.message) });
    expect(next.store.get('spend_control', 'sc_1')).toMatchObject({ version: 2 });
    for (const id of ['sc_2', 'sc_3', 'sc_4', 'sc_9'])
      expect(next.store.get('spend_control', id)).toBeUndefined();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/dropped 3 saved record/);
  });

  it('saves accepted writes together after throttleMs, and what is still gathered on stop', async () => {
    const storage = memoryStorage();
    const set = vi.spyOn(storage, 'set');
    const page = newClient();
    const stop = await persistStore(page, { storage, buster: '1', throttleMs: 500 });
    page.store.apply('spend_control', 'sc_1', control(1));
    page.store.apply('spend_control', 'sc_1', control(2));
    expect(set).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(set).toHaveBeenCalledTimes(1);
    page.store.apply('spend_control', 'sc_1', control(3));
    await stop();
    expect(set).toHaveBeenCalledTimes(2);
    page.store.apply('spend_control', 'sc_1', control(4));
    await vi.advanceTimersByTimeAsync(1000);
    expect(set).toHaveBeenCalledTimes(2);
  });

  it('rejects with OutboxStorageError when the storage cannot be read', async () => {
    const storage = { ...memoryStorage(), get: () => Promise.reject(new Error('no IndexedDB')) };
    await expect(persistStore(newClient(), { storage })).rejects.toBeInstanceOf(OutboxStorageError);
  });
});

// Saved data is untrusted: a record of the wrong shape is dropped and reported, never a crash of
// the start, and the good records beside it are restored.
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
