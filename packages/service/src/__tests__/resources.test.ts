import { describe, expect, it } from 'vitest';
import { createService } from '../createService';
import type { ResourceDeclaration } from '../resourceDeclaration';
import { call } from './request';

const invoice: ResourceDeclaration = { type: 'invoice', idKey: 'invoice_id', updatable: ['status', 'total'] };

describe('declared resources', () => {
  it.each([
    [{ '': invoice }, /resources\.: the path/],
    [{ accounts: invoice }, /resources\.accounts: the path .* not one of/],
    [{ invoices: { ...invoice, type: 'Invoice!' } }, /resources\.invoices\.type must be/],
    [{ invoices: { ...invoice, type: 'spend_control' } }, /resources\.invoices\.type/],
    [{ invoices: invoice, bills: invoice }, /resources\.bills\.type "invoice" is declared twice/],
    [{ invoices: { ...invoice, idKey: '' } }, /resources\.invoices\.idKey must be a field name/],
    [{ invoices: { ...invoice, updatable: 'status' } }, /resources\.invoices\.updatable must be an array/],
    [{ invoices: { ...invoice, updatable: ['version'] } }, /updatable names the read-only field version/],
    [
      { invoices: { ...invoice, updateable: [] } },
      /resources\.invoices\.updateable is not a declaration field/,
    ],
    [{ invoices: { ...invoice, history: 'yes' } }, /resources\.invoices\.history must be a boolean/],
    [
      { invoices: { ...invoice, seed: [{ total: 1 }] } },
      /resources\.invoices\.seed\[0\]\.invoice_id must be a string id/,
    ],
    [
      { invoices: { ...invoice, seed: [{ invoice_id: 'a', version: 4 }] } },
      /seed\[0\] must not carry version/,
    ],
    [
      { invoices: { ...invoice, seed: [{ invoice_id: 'a' }, { invoice_id: 'a' }] } },
      /seed\[1\]\.invoice_id "a" is seeded twice/,
    ],
    // Regressions (review 24): no request can reach these ids, and `null` read as "no resources".
    [
      { invoices: { ...invoice, seed: [{ invoice_id: '..' }] } },
      /seed\[0\]\.invoice_id "\.\." cannot be addressed/,
    ],
    [
      { invoices: { ...invoice, seed: [{ invoice_id: '.' }] } },
      /seed\[0\]\.invoice_id "\." cannot be addressed/,
    ],
    [null, /resources must be an object of declarations by path/],
  ])('refuses a bad declaration with a TypeError naming the field (%#)', (resources, message) => {
    expect(() => createService({ resources: resources as Record<string, ResourceDeclaration> })).toThrow(
      expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(message) }),
    );
  });

  it('serves no /history when history is false, and never reuses a seeded id', async () => {
    const service = createService({
      resources: { invoices: { ...invoice, history: false, seed: [{ invoice_id: 'invoice_1', total: 1 }] } },
    });
    expect((await call(service, '/invoices/invoice_1/history')).status).toBe(404);
    const made = await call(service, '/invoices', { method: 'POST', body: { total: 2 } });
    expect(made.body).toMatchObject({ invoice_id: 'invoice_2', version: 1, total: 2 });
    expect((await call(service, '/invoices/invoice_1', { method: 'DELETE' })).status).toBe(405);
  });
  it('refuses a bad list declaration with a TypeError naming the field', () => {
    const bad = (list: unknown) => () =>
      createService({
        resources: { invoices: { type: 'invoice', idKey: 'invoice_id', updatable: [], list } as never },
      });
    expect(bad('status')).toThrow('resources.invoices.list must be an object { filters }.');
    expect(bad({ filter: [] })).toThrow('resources.invoices.list.filter is not a list field');
    expect(bad({ filters: 'status' })).toThrow('resources.invoices.list.filters must be an array');
    expect(bad({ filters: ['ok', 'no-dash'] })).toThrow(
      'resources.invoices.list.filters[1] must be a field name',
    );
    expect(bad({ filters: ['limit'] })).toThrow(
      'resources.invoices.list.filters[0]: "limit" is a list parameter',
    );
    expect(bad({ filters: ['a', { field: 'a', values: ['x'] }] })).toThrow(
      'resources.invoices.list.filters[1]: "a" is a filter twice',
    );
    expect(bad({ filters: [{ field: 'status', values: [] }] })).toThrow(
      'resources.invoices.list.filters[0].values must be a non-empty array',
    );
    expect(bad({ filters: [{ field: 'status', values: ['a'], other: 1 }] })).toThrow(
      'resources.invoices.list.filters[0].other is not a filter field',
    );
  });
});
