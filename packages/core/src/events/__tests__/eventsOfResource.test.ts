// Regressions of review 23 (tasks, events, SSE): each case failed before its fix.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClient } from '../../client/createClient';
import { getClientEvents } from '../../client/getClientEvents';
import { defineResource } from '../../resources/defineResource';
import { eventsOf } from '../defaultEventRegistry';

const client = () =>
  createClient({
    baseUrl: 'https://api.test',
    getToken: () => 'token',
    fetch: () => Promise.reject(new Error('no network in this test')),
  });

describe('eventsOf(definition) and what the definition promises', () => {
  it("uses the definition's id function: a numeric-id resource's events are applied, not ignored as missing-id", () => {
    const tickets = defineResource({
      type: 'ticket',
      idKey: 'ticket_id',
      schema: z.looseObject({ ticket_id: z.number(), version: z.int().min(1), title: z.string() }),
      path: '/tickets',
      id: (ticket) => String(ticket.ticket_id),
    });
    const c = client();
    const events = getClientEvents(c);
    events.registry.register('ticket.*', eventsOf(tickets));
    const outcome = events.ingest({
      schema_version: '1.0',
      event_type: 'ticket.updated',
      data: { ticket_id: 42, version: 2, title: 'Printer on fire' },
    });
    expect(outcome).toBe('applied');
    expect(c.store.get('ticket', '42')).toMatchObject({ version: 2 });
  });

  it('an event of an unversioned resource is not a TypeError from the store (registered before client.resource)', () => {
    const notes = defineResource({
      type: 'note',
      idKey: 'note_id',
      schema: z.looseObject({ note_id: z.string(), text: z.string() }),
      path: '/notes',
      versioned: false,
    });
    const c = client();
    const events = getClientEvents(c);
    events.registry.register('note.*', eventsOf(notes));
    expect(() =>
      events.ingest({
        schema_version: '1.0',
        event_type: 'note.updated',
        data: { note_id: 'n_1', text: 'hi' },
      }),
    ).not.toThrow();
  });

  it("a versioned resource's event with version 0 is ignored as invalid data, not a TypeError (schema as in the defineResource docs)", () => {
    const invoices = defineResource({
      type: 'invoice',
      idKey: 'invoice_id',
      schema: z.looseObject({ invoice_id: z.string(), version: z.int(), memo: z.string() }),
      path: '/invoices',
    });
    const c = client();
    c.resource(invoices);
    const events = getClientEvents(c);
    events.registry.register('invoice.*', eventsOf(invoices));
    let outcome: unknown;
    expect(() => {
      outcome = events.ingest({
        schema_version: '1.0',
        event_type: 'invoice.updated',
        data: { invoice_id: 'inv_1', version: 0, memo: 'x' },
      });
    }).not.toThrow();
    expect(outcome).toBe('ignored');
  });
});
