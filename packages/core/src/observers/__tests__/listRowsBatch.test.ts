// Found by review 29 (each case failed before its fix): store.batch() promises "notifying each
// changed key once at the end", and resource observers keep it (they listen through
// store.subscribe). List observers follow `store.accepted`, which fires as each write happens, so
// their listeners run in the middle of a batch (a page landing, a hydrate, a persisted restore),
// once per row, and see the batch half applied.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeList } from '../observeList';
import { observeResource } from '../observeResource';
import { control, manualService } from './manualService';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const flush = () => vi.advanceTimersByTimeAsync(0);
const page = (version: number, ids: string[]) => ({ data: ids.map((id) => control(version, id)) });

async function loadedList() {
  const service = manualService();
  const list = observeList(service.client.spendControls, { account_id: 'acc_1' });
  const seen: number[][] = [];
  const off = list.subscribe(() => seen.push(list.getResult().data.map((row) => row.version)));
  await flush();
  service.open()[0]?.answer(200, page(1, ['sc_1', 'sc_2', 'sc_3']));
  await flush();
  seen.length = 0;
  return { ...service, list, seen, off };
}

describe('list observers inside store.batch', () => {
  it('are told once, after the batch, like resource observers', async () => {
    const { client, list, seen } = await loadedList();
    const resource = observeResource(client.spendControls, 'sc_1', { maxAgeMs: 60_000 });
    const resourceSeen: number[] = [];
    resource.subscribe(() => resourceSeen.push(resource.getResult().data?.version ?? 0));
    await flush();
    resourceSeen.length = 0;
    client.store.batch(() => {
      for (const id of ['sc_1', 'sc_2', 'sc_3']) client.store.apply('spend_control', id, control(2, id));
    });
    expect(resourceSeen).toEqual([2]); // once, after the batch
    expect(list.getResult().data.map((row) => row.version)).toEqual([2, 2, 2]);
    expect(seen).toEqual([[2, 2, 2]]);
  });

  it('are told once when another read lands a page of the same rows', async () => {
    const { client, open, seen } = await loadedList();
    // Another screen reads the same rows (another filter, or the same page with a cursor).
    const other = client.spendControls.list({ account_id: 'acc_1', status: 'active' });
    await flush();
    open()[0]?.answer(200, page(2, ['sc_1', 'sc_2', 'sc_3']));
    await other;
    expect(seen).toEqual([[2, 2, 2]]);
  });
});
