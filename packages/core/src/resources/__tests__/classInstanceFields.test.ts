// Regressions of review 28 (a review of this round's fixes): each case failed before its mend.
// Review 28: review 24's sameContent fix compares "any other object by identity". A schema that
// transforms a field into a value class whose state is its own fields (a Decimal, a Money, a dayjs)
// was compared by those fields before; now two equal values parsed from two replies always differ.
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { reply, scriptedClient } from '../../client/__tests__/scripted';
import type { HttpRequest } from '../../http/request';
import { defineResource } from '../defineResource';
import { loadEdit } from '../editResource';

beforeAll(() => loadEdit());

class Money {
  constructor(
    readonly amount: number,
    readonly currency: string,
  ) {}
}
const money = z
  .object({ amount: z.number(), currency: z.string() })
  .transform((m) => new Money(m.amount, m.currency));

describe('entities with value-class fields (a schema that transforms)', () => {
  it('an unversioned resource: the same reply again is a duplicate, not a change', async () => {
    const prices = defineResource({
      type: 'price',
      path: '/prices',
      idKey: 'sku',
      versioned: false,
      schema: z.looseObject({ sku: z.string(), price: money }),
    });
    const { client } = scriptedClient(() => reply(200, { sku: 'A', price: { amount: 5, currency: 'EUR' } }));
    const api = client.resource(prices);
    const first = await api.get('A');
    const second = await api.get('A');
    // A duplicate notifies nobody and keeps the held object (what every observer renders).
    expect(second).toBe(first);
  });

  it("edit 'abort': another writer changed only `note`; my change of `price` is no conflict", async () => {
    const invoices = defineResource({
      type: 'invoice',
      path: '/invoices',
      idKey: 'invoice_id',
      schema: z.looseObject({
        invoice_id: z.string(),
        version: z.number().int().min(1),
        note: z.string(),
        price: money,
      }),
      updatable: ['note', 'price'],
    });
    const v1 = { invoice_id: 'inv_1', version: 1, note: 'a', price: { amount: 10, currency: 'EUR' } };
    const v2 = { ...v1, version: 2, note: 'b' }; // someone else edited the note only
    const patches: unknown[] = [];
    const script = (q: HttpRequest) => {
      if (q.method === 'PATCH') {
        patches.push(JSON.parse(q.body ?? '{}'));
        return reply(200, { ...v2, version: 3, ...JSON.parse(q.body ?? '{}') });
      }
      return reply(200, new URL(q.url).searchParams.get('version') === '1' ? v1 : v2);
    };
    const { client } = scriptedClient(script);
    const api = client.resource(invoices);
    const outcome = await api
      .edit(
        'inv_1',
        (draft) => {
          draft.price = new Money(12, 'EUR');
        },
        { onConflict: 'abort', baseVersion: 1 },
      )
      .then(
        () => 'saved',
        (e: unknown) => String(e),
      );
    expect(outcome).toBe('saved');
    expect(patches).toEqual([{ price: { amount: 12, currency: 'EUR' } }]);
  });
});
