import { beforeAll, describe, expect, it, vi } from 'vitest';
import { reply, scriptedClient, spendControl, standardError } from '../../client/__tests__/scripted';
import { BusinessRuleError, ConcurrentUpdateError } from '../../errors/apiError';
import type { HttpRequest } from '../../http/request';
import { loadEdit } from '../editResource';
import { changedFields } from '../editRun';

// immer loads when a recipe first runs; tests on a fake clock load it first so that the module
// load (real I/O) does not land between their timer steps.
beforeAll(() => loadEdit());

const conflict = (expected: number, found: number) =>
  reply(
    409,
    standardError('ConcurrentUpdate', 'changed meanwhile', {
      details: {
        object_type: 'spend_control',
        object_id: 'sc_1',
        expected_version: expected,
        found_version: found,
      },
    }),
  );

/** A service holding one spend control; `interfere(n)` lets another writer commit before PATCH n. */
function service(interfere: (patchNumber: number) => Record<string, unknown> | undefined = () => undefined) {
  let current = spendControl(1);
  let patches = 0;
  return (q: HttpRequest) => {
    if (q.method === 'GET') return reply(200, current);
    patches++;
    const other = interfere(patches);
    if (other) {
      current = { ...current, ...other, version: current.version + 1 };
      return conflict(current.version - 1, current.version);
    }
    current = { ...current, ...(JSON.parse(q.body ?? '{}') as object), version: current.version + 1 };
    return reply(200, current);
  };
}

describe('changedFields', () => {
  it('keeps the top-level update-valid fields touched by patches, once each', () => {
    const patches = [
      { op: 'replace' as const, path: ['limit', 'amount'], value: 1 },
      { op: 'replace' as const, path: ['name'], value: 'x' },
      { op: 'replace' as const, path: ['limit', 'currency'], value: 'EUR' },
      { op: 'replace' as const, path: ['version'], value: 9 },
    ];
    expect(changedFields(patches, ['name', 'limit', 'status'])).toEqual(['limit', 'name']);
  });
});

describe('spendControls.edit', () => {
  it('sends only the changed update-valid fields, a nested change as its whole top-level field', async () => {
    const { client, requests } = scriptedClient(service());
    const result = await client.spendControls.edit('sc_1', (draft) => {
      if (draft.limit) draft.limit.amount = 6000;
      draft.status = 'paused';
    });
    const patch = requests.find((q) => q.method === 'PATCH');
    expect(patch?.json).toEqual({ limit: { amount: 6000, currency: 'USD' }, status: 'paused' });
    expect(result.version).toBe(2);
    expect(client.store.get('spend_control', 'sc_1')).toBe(result);
  });

  it('edit starts from the latest server state, not a stale store copy', async () => {
    // The store holds v3 (limit 100); someone else has since raised the limit to 500 (v4).
    let current = spendControl(4, { limit: { amount: 500, currency: 'USD' } });
    const { client, requests } = scriptedClient((q) => {
      if (q.method === 'PATCH')
        current = { ...current, ...(JSON.parse(q.body ?? '{}') as object), version: current.version + 1 };
      return reply(200, current);
    });
    client.store.apply('spend_control', 'sc_1', spendControl(3, { limit: { amount: 100, currency: 'USD' } }));
    const result = await client.spendControls.edit('sc_1', (draft) => {
      if (draft.limit) draft.limit.amount += 50;
    });
    expect(requests.map((q) => q.method)).toEqual(['GET', 'PATCH']);
    expect(requests[1]?.json).toEqual({ limit: { amount: 550, currency: 'USD' } });
    expect(result).toMatchObject({ version: 5, limit: { amount: 550 } });
  });

  it("starts from the store's copy only when the service confirmed it within the client's maxAgeMs", async () => {
    const { client, requests } = scriptedClient(service(), { maxAgeMs: 60_000 });
    await client.spendControls.get('sc_1');
    await client.spendControls.edit('sc_1', (draft) => {
      draft.name = 'Trips';
    });
    expect(requests.map((q) => q.method)).toEqual(['GET', 'PATCH']);
  });

  it('after a conflict refetches with a request of its own, not one that began before the competing write', async () => {
    vi.useFakeTimers();
    try {
      let current = spendControl(1, { limit: { amount: 100, currency: 'USD' } });
      let patches = 0;
      const { client, requests } = scriptedClient((q) => {
        if (q.method === 'GET') return { ...reply(200, current), latencyMs: 100 };
        if (++patches === 1) return { ...conflict(1, 2), latencyMs: 100 };
        current = { ...current, ...(JSON.parse(q.body ?? '{}') as object), version: current.version + 1 };
        return reply(200, current);
      });
      const edit = client.spendControls.edit('sc_1', (draft) => {
        if (draft.limit) draft.limit.amount += 50;
      });
      // GET 0–100, PATCH 100–200 (409). Another reader starts at 120, before Bob commits at 150.
      await vi.advanceTimersByTimeAsync(120);
      const other = client.spendControls.get('sc_1');
      await vi.advanceTimersByTimeAsync(30);
      current = spendControl(2, { limit: { amount: 500, currency: 'USD' } });
      await vi.advanceTimersByTimeAsync(300);
      const result = await edit;
      await other;
      expect(requests.filter((q) => q.method === 'PATCH').map((q) => q.json)).toEqual([
        { limit: { amount: 150, currency: 'USD' } },
        { limit: { amount: 550, currency: 'USD' } },
      ]);
      expect(result).toMatchObject({ version: 3, limit: { amount: 550 } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends nothing for a recipe that changes nothing, or only fields not valid for update', async () => {
    const { client, requests } = scriptedClient(service());
    const held = await client.spendControls.get('sc_1');
    expect(await client.spendControls.edit('sc_1', () => {})).toBe(held);
    expect(
      await client.spendControls.edit('sc_1', (draft) => {
        draft.name = 'Travel'; // same value: immer records no change
        (draft as { version: number }).version = 99;
      }),
    ).toBe(held);
    // Each edit reads the latest state; none sends a PATCH.
    expect(requests.map((q) => q.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('on a concurrent update refetches, re-runs the recipe on the latest and resubmits: both changes survive', async () => {
    const { client, requests } = scriptedClient(
      service((n) => (n === 1 ? { name: 'Renamed by Bob' } : undefined)),
    );
    const seen: Array<[string | null, number]> = [];
    const result = await client.spendControls.edit(
      'sc_1',
      (draft) => {
        if (draft.limit) draft.limit.amount = 7000;
      },
      { onRetry: (latest, attempt) => seen.push([latest.name, attempt]) },
    );
    expect(requests.map((q) => q.method)).toEqual(['GET', 'PATCH', 'GET', 'PATCH']);
    expect(requests[3]?.json).toEqual({ limit: { amount: 7000, currency: 'USD' } });
    expect(seen).toEqual([['Renamed by Bob', 2]]);
    expect(result).toMatchObject({ name: 'Renamed by Bob', limit: { amount: 7000 }, version: 3 });
  });

  it('lets the re-run recipe decide the change is no longer needed', async () => {
    const { client, requests } = scriptedClient(service((n) => (n === 1 ? { status: 'paused' } : undefined)));
    const result = await client.spendControls.edit('sc_1', (draft) => {
      if (draft.status === 'active') draft.status = 'paused';
    });
    expect(requests.map((q) => q.method)).toEqual(['GET', 'PATCH', 'GET']);
    expect(result.status).toBe('paused');
  });

  it('gives up with ConcurrentUpdateError after maxAttempts', async () => {
    const { client, requests } = scriptedClient(service(() => ({ name: 'Bob again' })));
    const edit = client.spendControls.edit(
      'sc_1',
      (draft) => {
        draft.status = 'paused';
      },
      { maxAttempts: 2 },
    );
    await expect(edit).rejects.toBeInstanceOf(ConcurrentUpdateError);
    expect(requests.filter((q) => q.method === 'PATCH')).toHaveLength(2);
  });

  it('does not retry other errors', async () => {
    const { client, requests } = scriptedClient((q) =>
      q.method === 'GET'
        ? reply(200, spendControl(1))
        : reply(422, standardError('LimitTooHigh', 'too high')),
    );
    await expect(
      client.spendControls.edit('sc_1', (draft) => {
        draft.name = 'x';
      }),
    ).rejects.toBeInstanceOf(BusinessRuleError);
    expect(requests.map((q) => q.method)).toEqual(['GET', 'PATCH']);
  });
});
