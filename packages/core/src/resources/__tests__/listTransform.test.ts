import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { reply, scriptedClient } from '../../client/__tests__/scripted';
import { ResponseShapeError } from '../../errors/apiError';
import { observeList } from '../../observers/observeList';
import { defineResource } from '../defineResource';

// Regression (review 24): the service filters a list on the wire value, and a list follows its
// membership by comparing each stored item's fields with the filters. A schema that transformed a
// filtered field made every row fail that comparison: the observed list showed `[]` as a success.
// Such a page is now refused, with the field named, and nothing stored.

const row = (id: string) => ({ invoice_id: id, version: 1, due_date: '2026-12-15', currency: 'eur' });

const invoices = defineResource({
  type: 'invoice',
  path: '/invoices',
  idKey: 'invoice_id',
  schema: z.looseObject({
    invoice_id: z.string(),
    version: z.number().int().min(1),
    due_date: z.iso.date().transform((text) => new Date(text)),
    currency: z.string().toUpperCase(),
    note: z.optional(z.string()),
  }),
  list: { filters: ['due_date', 'currency', 'note'] },
});

describe('a list filtered on a field its schema transforms', () => {
  it.each([
    ['a date parsed into a Date', { due_date: '2026-12-15' }, 'due_date'],
    ['a code normalised to upper case', { currency: 'eur' }, 'currency'],
  ])('is refused with the field named, not shown empty (%s)', async (_, params, field) => {
    const { client } = scriptedClient(() => reply(200, { data: [row('inv_1'), row('inv_2')] }));
    const api = client.resource(invoices);
    const error = await api.list(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues[0]?.path).toEqual(['data', 0, field]);
    expect((error as Error).message).toContain('as the wire has it');
    expect(client.store.get('invoice', 'inv_1')).toBeUndefined();

    const list = observeList(api, params);
    let failed = () => {};
    const done = new Promise<void>((resolve) => {
      failed = resolve;
    });
    const off = list.subscribe(() => {
      if (list.getResult().status === 'error') failed();
    });
    await done;
    off();
    expect(list.getResult().error).toBeInstanceOf(ResponseShapeError);
  });

  it('reads a list whose filters name fields the schema keeps as sent', async () => {
    const { client } = scriptedClient(() => reply(200, { data: [{ ...row('inv_1'), note: 'x' }] }));
    const page = await client.resource(invoices).list({ note: 'x' });
    expect(page.items.map((item) => item.invoice_id)).toEqual(['inv_1']);
  });

  it('refuses a page with an item another filter value was asked for (the service disagrees)', async () => {
    const { client } = scriptedClient(() => reply(200, { data: [{ ...row('inv_1'), note: 'y' }] }));
    const error = await client
      .resource(invoices)
      .list({ note: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
  });
});
