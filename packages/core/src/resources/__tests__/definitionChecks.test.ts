import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { reply, scriptedClient } from '../../client/__tests__/scripted';
import type { HttpRequest } from '../../http/request';
import { defineResource } from '../defineResource';

// Regressions (review 24): parts of a definition nothing checked, ids no URL path can hold, and a
// second definition of a type that silently turned the first one's version gate off.

const base = {
  type: 'invoice',
  path: '/invoices',
  idKey: 'invoice_id',
  schema: z.looseObject({ invoice_id: z.string(), version: z.number().int().min(1), status: z.string() }),
};

describe('defineResource checks the whole definition when it is made', () => {
  it.each([
    ['paths.item given as a template string', { paths: { item: '/invoices/{id}' } }, /`paths\.item`/],
    ['paths.history given as a string', { paths: { history: '/invoices/x/history' } }, /`paths\.history`/],
    ['paths not an object', { paths: 'x' }, /`paths`/],
    ['versioned given as a string', { versioned: 'false' }, /`versioned`/],
    ['history given as a string', { history: 'no' }, /`history`/],
    ['createBody not a function', { createBody: { wrap: true } }, /`createBody`/],
    ['historyKey empty', { historyKey: '' }, /`historyKey`/],
    ['path with a query', { path: '/invoices?tenant=t1' }, /`path`/],
    ['path with a fragment', { path: '/invoices#main' }, /`path`/],
    ['path written as an item template', { path: '/invoices/{id}' }, /`path`/],
    ['path without its leading slash', { path: 'invoices' }, /`path`/],
  ])('%s: a TypeError naming the field', (_, extra, field) => {
    expect(() => defineResource({ ...base, ...extra } as never)).toThrow(field);
    expect(() => defineResource({ ...base, ...extra } as never)).toThrow(TypeError);
  });

  it('takes what it documents', () => {
    const def = defineResource({
      ...base,
      path: '/accounts/acc_1/invoices/',
      versioned: true,
      history: true,
      historyKey: 'versions',
      createBody: (input: { status: string }) => ({ invoice: input }),
      paths: { item: (id) => `/invoice/${id}` },
    });
    expect(def.paths.collection).toBe('/accounts/acc_1/invoices');
    expect(def.paths.history?.('inv_1')).toBe('/invoice/inv_1/history');
  });
});

describe("ids '.' and '..'", () => {
  it('are refused before any request, since a URL reads them as steps up the path', async () => {
    const sent: HttpRequest[] = [];
    const { client } = scriptedClient((request) => {
      sent.push(request);
      const id = decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');
      return reply(200, { invoice_id: id, version: 1, status: 'draft' });
    });
    const api = client.resource(defineResource({ ...base, updatable: ['status'], history: true }));
    const settled = await Promise.allSettled([
      api.get('..'),
      api.get('.', { version: 2 }),
      api.update('..', { status: 'sent' }),
      api.history('.'),
      client.spendControls.get('..'),
      client.accounts.delete('..'),
    ]);
    expect(sent).toEqual([]);
    for (const outcome of settled) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(TypeError);
      expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/cannot be put in a URL path/);
    }
    // Ids that only contain dots are ordinary ids.
    await api.get('...');
    await api.get('.a');
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual(['/invoices/...', '/invoices/.a']);
  });
});

describe('two definitions of one type', () => {
  const invoices = defineResource({ ...base, updatable: ['status'] });

  it("refuses one that would id or order the type's entities otherwise", () => {
    const { client } = scriptedClient(() => reply(200, {}));
    client.resource(invoices);
    const other = (extra: object) => defineResource({ ...base, path: '/invoice_cards', ...extra });
    expect(() => client.resource(other({ versioned: false }))).toThrow(/disagree on `versioned`/);
    expect(() => client.resource(other({ idKey: 'number' }))).toThrow(/disagree on `idKey`/);
    expect(() => client.resource(other({ id: (e: { invoice_id: string }) => e.invoice_id }))).toThrow(
      /disagree on `id`/,
    );
    expect(() => client.resource(other({ order: () => 1 }))).toThrow(/disagree on `order`/);
  });

  it('shares the entities with one that agrees, and keeps the version gate', async () => {
    const replies = [
      { invoice_id: 'inv_1', version: 2, status: 'sent' },
      { invoice_id: 'inv_1', version: 1, status: 'draft' },
    ];
    const { client } = scriptedClient(() => reply(200, replies.shift()));
    const api = client.resource(invoices);
    const cards = client.resource(defineResource({ ...base, path: '/invoice_cards' }));
    await api.get('inv_1');
    expect((await cards.get('inv_1')).version).toBe(2);
    expect(client.store.get<{ version: number }>('invoice', 'inv_1')?.version).toBe(2);
  });
});
