import {
  createDefaultEventRegistry,
  defineResource,
  EditConflictError,
  type EditOutcome,
  eventsOf,
  getClientEvents,
  z,
} from '@vstore/core';
import type { ServiceOptions } from '@vstore/service';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, settle, startHarness, until } from './support';

// A resource of the app's own, declared to the service and defined on the client, over real HTTP:
// nothing here is specific to spend controls.

const served: NonNullable<ServiceOptions['resources']> = {
  invoices: {
    type: 'invoice',
    idKey: 'invoice_id',
    updatable: ['customer', 'status', 'total'],
    history: true,
    seed: [{ invoice_id: 'inv_1', customer: 'Acme', status: 'draft', total: 100 }],
  },
};

const invoices = defineResource({
  type: 'invoice',
  path: '/invoices',
  idKey: 'invoice_id',
  schema: z.looseObject({
    invoice_id: z.string(),
    version: z.number().int().min(1),
    version_time: z.string(),
    customer: z.string(),
    status: z.enum(['draft', 'sent', 'paid']),
    total: z.number(),
  }),
  updatable: ['customer', 'status', 'total'],
  history: true,
});
type Invoice = z.output<typeof invoices.schema>;

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A client that knows invoices, and takes `invoice.*` events into its store. */
const invoiceClient = (h: Harness) => {
  const client = h.client({
    events: { registry: createDefaultEventRegistry().register('invoice.*', eventsOf(invoices)) },
  });
  return { client, api: client.resource(invoices) };
};

const setTotal = (total: number) => (draft: { total: number }) => {
  draft.total = total;
};

describe('a declared resource through the client, over HTTP', () => {
  it('creates once per key, edits, reads history and old versions, and follows another writer by events', async () => {
    harness = await startHarness({ rateLimit: false, resources: served });
    const { client, api } = invoiceClient(harness);
    expect(client.resource(invoices)).toBe(api);

    const input = { customer: 'Globex', status: 'draft', total: 40 };
    const created = await api.create(input, { idempotencyKey: 'inv-create-1' });
    const replayed = await api.create(input, { idempotencyKey: 'inv-create-1' });
    expect(created).toMatchObject({ invoice_id: 'invoice_1', version: 1, total: 40 });
    expect(replayed.invoice_id).toBe(created.invoice_id);
    expect(harness.service.inspect().creates.byIdempotencyKey['inv-create-1']).toBe(1);
    expect(harness.sent.filter((s) => s.method === 'POST').map((s) => s.idempotencyKey)).toEqual([
      'inv-create-1',
      'inv-create-1',
    ]);
    const id = created.invoice_id;

    const edited = await api.edit(id, setTotal(45));
    expect(edited).toMatchObject({ version: 2, total: 45, customer: 'Globex' });
    expect(client.store.get('invoice', id)).toBe(edited);

    // Another writer's change reaches this client's store as an `invoice.updated` event, unasked.
    const disconnect = getClientEvents(client).connect('/events');
    try {
      await until(() => getClientEvents(client).getConnectionState() === 'open');
      const readsBefore = harness.sent.filter(
        (s) => s.method === 'GET' && s.url.startsWith('/invoices'),
      ).length;
      const other = invoiceClient(harness).api;
      await other.update(id, { status: 'sent' });
      await until(() => (client.store.get('invoice', id) as Invoice | undefined)?.version === 3);
      expect(client.store.get('invoice', id)).toMatchObject({ status: 'sent', total: 45 });
      expect(harness.sent.filter((s) => s.method === 'GET' && s.url.startsWith('/invoices'))).toHaveLength(
        readsBefore,
      );
    } finally {
      disconnect();
    }

    const history = await api.history(id);
    expect(history.map((v) => [v.version, v.total, v.status])).toEqual([
      [1, 40, 'draft'],
      [2, 45, 'draft'],
      [3, 45, 'sent'],
    ]);
    // This client has version 1 from the history; a fresh one asks the service with `?version=`.
    expect(await api.get(id, { version: 1 })).toMatchObject({ version: 1, total: 40 });
    expect(harness.sent.some((s) => s.url.includes('?version='))).toBe(false);
    const fresh = invoiceClient(harness);
    expect(await fresh.api.get(id, { version: 2 })).toMatchObject({ version: 2, total: 45, status: 'draft' });
    expect(harness.sent.filter((s) => s.url.includes('?version=')).map((s) => s.url)).toEqual([
      `/invoices/${id}?version=2`,
    ]);
    expect(fresh.client.store.get('invoice', id)).toBeUndefined();
    // A historical read never replaces the latest in the store.
    expect(client.store.get('invoice', id)).toMatchObject({ version: 3 });
  });

  it("recovers from a 409: two relative edits that overlap in time both land (onConflict 'rebase')", async () => {
    harness = await startHarness({ rateLimit: false, resources: served, writeDelayMs: 150 });
    const alice = invoiceClient(harness).api;
    const bob = invoiceClient(harness).api;
    const retries: number[] = [];
    const add = (amount: number) => (draft: { total: number }) => {
      draft.total += amount;
    };
    const aliceEdit = alice.edit('inv_1', add(10), { onRetry: (_latest, attempt) => retries.push(attempt) });
    await until(() => harness?.service.inspect().pendingWrites === 1);
    const bobEdit = bob.edit('inv_1', add(1), { onRetry: (_latest, attempt) => retries.push(attempt) });
    await Promise.all([aliceEdit, bobEdit]);

    const patches = harness.sent.filter((s) => s.method === 'PATCH');
    expect(patches.map((s) => s.status).sort()).toEqual([200, 200, 409]);
    expect(retries).toEqual([2]);
    const final = await invoiceClient(harness).api.get('inv_1');
    expect(final).toMatchObject({ version: 3, total: 111 });
  });

  it("two clients on the same field with 'abort': one EditConflictError, and nothing saved is lost", async () => {
    harness = await startHarness({ rateLimit: false, resources: served, writeDelayMs: 150 });
    const alice = invoiceClient(harness).api;
    const bob = invoiceClient(harness).api;
    const aliceEdit = settle(alice.edit('inv_1', setTotal(700), { onConflict: 'abort' }));
    await until(() => harness?.service.inspect().pendingWrites === 1);
    const bobEdit = settle(bob.edit('inv_1', setTotal(900), { onConflict: 'abort' }));
    const results = await Promise.all([aliceEdit, bobEdit]);

    const failed = results.flatMap((r) => (r.ok ? [] : [r.error]));
    const saved = results.flatMap((r) => (r.ok ? [r.value] : []));
    expect(failed).toHaveLength(1);
    expect(saved).toHaveLength(1);
    const conflict = failed[0] as EditConflictError<Invoice>;
    expect(conflict).toBeInstanceOf(EditConflictError);
    expect(conflict.fields).toEqual(['total']);
    const winner = saved[0] as Invoice;
    const final = await invoiceClient(harness).api.get('inv_1');
    expect(final).toMatchObject({ version: 2, total: winner.total });
    // The loser's value is not lost either: it is `mine`, next to the base and the winner's `theirs`.
    expect(conflict.base.total).toBe(100);
    expect(conflict.theirs.total).toBe(winner.total);
    expect([700, 900].filter((t) => t !== winner.total)).toEqual([conflict.mine.total]);
    expect(
      harness.sent
        .filter((s) => s.method === 'PATCH')
        .map((s) => s.status)
        .sort(),
    ).toEqual([200, 409]);
  });

  it("two clients on different fields with 'abort': both changes land, merged", async () => {
    harness = await startHarness({ rateLimit: false, resources: served, writeDelayMs: 150 });
    const alice = invoiceClient(harness).api;
    const bob = invoiceClient(harness).api;
    const outcomes: EditOutcome<Invoice>[] = [];
    const onOutcome = (o: EditOutcome<Invoice>) => outcomes.push(o);
    const aliceEdit = alice.edit('inv_1', setTotal(700), { onConflict: 'abort', onOutcome });
    await until(() => harness?.service.inspect().pendingWrites === 1);
    const bobEdit = bob.edit(
      'inv_1',
      (draft) => {
        draft.customer = 'Acme (Bob)';
      },
      { onConflict: 'abort', onOutcome },
    );
    await Promise.all([aliceEdit, bobEdit]);
    const final = await invoiceClient(harness).api.get('inv_1');
    expect(final).toMatchObject({ version: 3, customer: 'Acme (Bob)', total: 700, status: 'draft' });
    const merged = outcomes.filter((o) => o.merged.length > 0);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ conflicts: [], attempts: 2, result: 'saved' });
    expect(['customer', 'total']).toContain(merged[0]?.merged[0]);
  });
});
