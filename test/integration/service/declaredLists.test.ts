import { afterEach, describe, expect, it } from 'vitest';
import { openEvents, type Running, type ServiceOptions, start, TOKEN } from './support';

const invoices: NonNullable<ServiceOptions['resources']> = {
  invoices: {
    type: 'invoice',
    idKey: 'invoice_id',
    updatable: ['status', 'total'],
    list: { filters: ['customer_id', 'total', 'paid', { field: 'status', values: ['draft', 'sent'] }] },
    seed: [
      { invoice_id: 'inv_a', customer_id: 'c_1', status: 'draft', total: 10, paid: false },
      { invoice_id: 'inv_b', customer_id: 'c_2', status: 'sent', total: 25, paid: true },
      { invoice_id: 'inv_c', customer_id: 'c_1', status: 'sent', total: '10', meta: { total: 10 } },
    ],
  },
};

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const ids = (body: Record<string, unknown>) =>
  (body.data as { invoice_id: string }[]).map((i) => i.invoice_id);

describe('lists of declared resources over HTTP', () => {
  it('lists seeds then creates in creation order, filtered by the declared list.filters', async () => {
    running = await start({ rateLimit: false, resources: invoices });
    const r = running;
    const made = await r.api('POST', '/invoices', {
      body: { customer_id: 'c_2', status: 'draft', total: 7 },
    });
    expect(made.status).toBe(201);
    const all = await r.api('GET', '/invoices');
    expect(ids(all.body)).toEqual(['inv_a', 'inv_b', 'inv_c', 'invoice_1']);
    expect(all.body).not.toHaveProperty('next_cursor');
    expect(ids((await r.api('GET', '/invoices?customer_id=c_1')).body)).toEqual(['inv_a', 'inv_c']);
    expect(ids((await r.api('GET', '/invoices?status=draft')).body)).toEqual(['inv_a', 'invoice_1']);
    // A number or boolean matches its JSON text; a string holding the same text matches too.
    expect(ids((await r.api('GET', '/invoices?total=10')).body)).toEqual(['inv_a', 'inv_c']);
    expect(ids((await r.api('GET', '/invoices?paid=true')).body)).toEqual(['inv_b']);
    expect(ids((await r.api('GET', '/invoices?paid=false&customer_id=c_1')).body)).toEqual(['inv_a']);
    expect(ids((await r.api('GET', '/invoices?total=25&status=draft')).body)).toEqual([]);

    const patched = await r.api('PATCH', '/invoices/inv_a', { body: { status: 'sent', total: 11 } });
    expect(patched.status).toBe(200);
    expect(ids((await r.api('GET', '/invoices?status=sent')).body)).toEqual(['inv_a', 'inv_b', 'inv_c']);
    expect(ids((await r.api('GET', '/invoices?total=10')).body)).toEqual(['inv_c']);
    const page = await r.api('GET', '/invoices?status=sent&limit=1');
    expect(page.body.data).toEqual([expect.objectContaining({ invoice_id: 'inv_a', version: 2, total: 11 })]);
    const next = await r.api(
      'GET',
      `/invoices?status=sent&limit=2&cursor=${page.body.next_cursor as string}`,
    );
    expect(ids(next.body)).toEqual(['inv_b', 'inv_c']);
  });

  it('refuses a filter the declaration does not name, and a value outside declared values', async () => {
    running = await start({ rateLimit: false, resources: invoices });
    const answer = await running.api('GET', '/invoices?meta=1&status=paid&total=');
    expect(answer.status).toBe(400);
    expect(
      (answer.body.errors as { field: string; code: string }[]).map((e) => `${e.field}:${e.code}`),
    ).toEqual(['meta:unsupported_parameter', 'status:unknown_enum_value', 'total:invalid_format']);
  });

  it('lists a declared resource without list.filters, taking limit and cursor only', async () => {
    const plain = { notes: { type: 'note', idKey: 'note_id', updatable: ['text'] } };
    running = await start({ rateLimit: false, resources: plain });
    for (let i = 0; i < 3; i += 1) await running.api('POST', '/notes', { body: { text: `n${i}` } });
    const first = await running.api('GET', '/notes?limit=2');
    expect((first.body.data as { note_id: string }[]).map((n) => n.note_id)).toEqual(['note_1', 'note_2']);
    const rest = await running.api('GET', `/notes?cursor=${first.body.next_cursor as string}`);
    expect((rest.body.data as { note_id: string }[]).map((n) => n.note_id)).toEqual(['note_3']);
    expect((await running.api('GET', '/notes?text=n1')).status).toBe(400);
  });

  it('publishes <type>.created with the entity when a declared resource is created', async () => {
    running = await start({ rateLimit: false, resources: invoices });
    const events = await openEvents(`${running.url}/events`, { authorization: `Bearer ${TOKEN}` });
    try {
      const made = await running.api('POST', '/invoices', { body: { customer_id: 'c_9', status: 'draft' } });
      await events.until((all) => all.length >= 1);
      expect(JSON.parse(events.events[0]?.data ?? '{}')).toEqual({
        schema_version: '1.0',
        event_type: 'invoice.created',
        data: made.body,
      });
    } finally {
      events.close();
    }
  });
});
