import { beforeAll, describe, expect, it } from 'vitest';
import { scriptedClient, spendControl } from '../../client/__tests__/scripted';
import { EditConflictError } from '../../errors/editConflictError';
import type { EditMergeInfo, EditOutcome } from '../editResource';
import { loadEdit } from '../editResource';
import { versionedService } from './versionedService';

type SC = ReturnType<typeof spendControl>;
beforeAll(() => loadEdit());

const setLimit = (amount: number) => (draft: { limit: { amount: number; currency: string } | null }) => {
  if (draft.limit) draft.limit.amount = amount;
};

describe("edit with onConflict: 'abort'", () => {
  it('rejects with EditConflictError when another writer changed the same field, sending nothing more', async () => {
    const service = versionedService((n) =>
      n === 1 ? { other: { limit: { amount: 9000, currency: 'USD' } } } : undefined,
    );
    const { client, requests } = scriptedClient(service.script);
    const retries: unknown[] = [];
    const error = await client.spendControls
      .edit('sc_1', setLimit(7000), { onConflict: 'abort', onRetry: (...args) => retries.push(args) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EditConflictError);
    const conflict = error as EditConflictError<SC>;
    expect(conflict.fields).toEqual(['limit']);
    expect(conflict.base.limit?.amount).toBe(5000);
    expect(conflict.mine.limit?.amount).toBe(7000);
    expect(conflict.theirs).toMatchObject({ version: 2, limit: { amount: 9000 } });
    expect(conflict.message).toContain('limit');
    expect(requests.map((q) => q.method)).toEqual(['GET', 'PATCH', 'GET']);
    expect(retries).toEqual([]);
    expect(service.latest().limit.amount).toBe(9000); // theirs stands
  });

  it('merges as rebase does when the other writer changed other fields, and says which', async () => {
    const service = versionedService((n) => (n === 1 ? { other: { name: 'Renamed by Bob' } } : undefined));
    const { client, requests } = scriptedClient(service.script);
    const retries: [number, EditMergeInfo][] = [];
    const outcomes: EditOutcome<SC>[] = [];
    const result = await client.spendControls.edit('sc_1', setLimit(7000), {
      onConflict: 'abort',
      onRetry: (_, attempt, info) => retries.push([attempt, info]),
      onOutcome: (outcome) => outcomes.push(outcome as EditOutcome<SC>),
    });
    expect(requests.filter((q) => q.method === 'PATCH').map((q) => q.json)).toEqual([
      { limit: { amount: 7000, currency: 'USD' } },
      { limit: { amount: 7000, currency: 'USD' } },
    ]);
    expect(retries).toEqual([[2, { merged: ['name'], conflicts: [] }]]);
    expect(result).toMatchObject({ version: 3, name: 'Renamed by Bob', limit: { amount: 7000 } });
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({
      entity: result,
      result: 'saved',
      attempts: 2,
      fields: ['limit'],
      merged: ['name'],
      conflicts: [],
    });
    expect(outcomes[0]?.base.version).toBe(1);
  });

  it("takes the store's copy as its base and compares it with the latest before sending anything", async () => {
    const service = versionedService();
    const { client, requests } = scriptedClient(service.script);
    await client.spendControls.get('sc_1'); // the form shows version 1
    service.commit({ limit: { amount: 100, currency: 'USD' } }); // someone saves v2, no event reaches us
    const error = await client.spendControls
      .edit('sc_1', setLimit(7000), { onConflict: 'abort' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EditConflictError);
    expect(requests.map((q) => q.method)).toEqual(['GET', 'GET']); // no PATCH at all
  });

  it('compares baseVersion (read with ?version=) with the latest before sending anything', async () => {
    const service = versionedService();
    service.commit({ limit: { amount: 100, currency: 'USD' } });
    const { client, requests } = scriptedClient(service.script);
    const error = await client.spendControls
      .edit('sc_1', setLimit(7000), { onConflict: 'abort', baseVersion: 1 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EditConflictError', fields: ['limit'] });
    expect((error as EditConflictError<SC>).base.version).toBe(1);
    expect(requests.map((q) => `${q.method} ${new URL(q.url).search}`)).toEqual(['GET ?version=1', 'GET ']);
  });

  it('with baseVersion and a change to another field, sends only its own field over the latest', async () => {
    const service = versionedService();
    service.commit({ name: 'Renamed' });
    const { client, requests } = scriptedClient(service.script);
    client.store.applyHistorical('spend_control', 'sc_1', spendControl(1)); // from the history cache
    const outcomes: EditOutcome<SC>[] = [];
    const result = await client.spendControls.edit('sc_1', setLimit(7000), {
      onConflict: 'abort',
      baseVersion: 1,
      onOutcome: (o) => outcomes.push(o as EditOutcome<SC>),
    });
    expect(requests.map((q) => q.method)).toEqual(['GET', 'PATCH']);
    expect(requests[1]?.json).toEqual({ limit: { amount: 7000, currency: 'USD' } });
    expect(result).toMatchObject({ version: 3, name: 'Renamed', limit: { amount: 7000 } });
    expect(outcomes[0]).toMatchObject({ merged: ['name'], conflicts: [], result: 'saved', attempts: 1 });
  });

  it("takes baseVersion from the store's copy when it is that version, without a ?version= read", async () => {
    const service = versionedService();
    const { client, requests } = scriptedClient(service.script);
    await client.spendControls.get('sc_1');
    service.commit({ limit: { amount: 100, currency: 'USD' } });
    const error = await client.spendControls
      .edit('sc_1', setLimit(7000), { onConflict: 'abort', baseVersion: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EditConflictError);
    expect(requests.map((q) => `${q.method} ${new URL(q.url).search}`)).toEqual(['GET ', 'GET ']);
  });

  it('is no conflict when both sides set the same value', async () => {
    const same = { limit: { amount: 7000, currency: 'USD' } };
    const service = versionedService((n) => (n === 1 ? { other: same } : undefined));
    const { client, requests } = scriptedClient(service.script);
    const result = await client.spendControls.edit('sc_1', setLimit(7000), { onConflict: 'abort' });
    expect(result).toMatchObject({ version: 2, limit: { amount: 7000 } });
    // The re-run recipe finds nothing left to change: one PATCH, the 409'd one.
    expect(requests.map((q) => q.method)).toEqual(['GET', 'PATCH', 'GET']);
  });
});

describe("edit with the default 'rebase'", () => {
  it('re-applies the recipe over theirs and reports the overlap as a conflict it resolved', async () => {
    const service = versionedService((n) =>
      n === 1 ? { other: { limit: { amount: 9000, currency: 'USD' }, name: 'Bob' } } : undefined,
    );
    const { client } = scriptedClient(service.script);
    const retries: EditMergeInfo[] = [];
    const result = await client.spendControls.edit(
      'sc_1',
      (draft) => {
        if (draft.limit) draft.limit.amount += 100;
      },
      { onRetry: (_, __, info) => retries.push(info) },
    );
    expect(result).toMatchObject({ name: 'Bob', limit: { amount: 9100 } });
    expect(retries).toEqual([{ merged: ['name'], conflicts: ['limit'] }]);
  });
});
