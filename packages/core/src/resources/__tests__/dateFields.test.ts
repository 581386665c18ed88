import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { reply, scriptedClient } from '../../client/__tests__/scripted';
import { EditConflictError } from '../../errors/editConflictError';
import type { HttpRequest } from '../../http/request';
import { defineResource } from '../defineResource';
import { loadEdit } from '../editResource';

// Regression (review 24): a schema's output need not be JSON: `z.iso.datetime().transform(...)` puts
// Dates in the store. sameContent, which the unversioned order, the three-way comparison of `edit` and
// a recipe's changed fields use, walked own keys, and a Date has none: any two Dates read as the same.

beforeAll(() => loadEdit());

const dueDate = z.iso.datetime().transform((text) => new Date(text));

const invoices = defineResource({
  type: 'invoice',
  path: '/invoices',
  idKey: 'invoice_id',
  schema: z.looseObject({ invoice_id: z.string(), version: z.number().int().min(1), due: dueDate }),
  updatable: ['due'],
});

describe('entities with Date fields (a schema that transforms)', () => {
  it('an unversioned resource takes a newer reply whose only change is a date', async () => {
    const rates = defineResource({
      type: 'fx_rate',
      path: '/fx_rates',
      idKey: 'currency',
      versioned: false,
      schema: z.looseObject({ currency: z.string(), rate: z.number(), valid_until: dueDate }),
    });
    const replies = [
      { currency: 'EUR', rate: 1.1, valid_until: '2026-01-01T00:00:00Z' },
      { currency: 'EUR', rate: 1.1, valid_until: '2026-02-01T00:00:00Z' },
    ];
    const { client } = scriptedClient(() => reply(200, replies.shift()));
    const api = client.resource(rates);
    await api.get('EUR');
    const second = await api.get('EUR');
    expect(second.valid_until.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it("edit with 'abort' and baseVersion stops when another writer changed the same date field", async () => {
    const versions = [
      { invoice_id: 'inv_1', version: 1, due: '2026-01-01T00:00:00Z' },
      // Someone else moved the due date meanwhile.
      { invoice_id: 'inv_1', version: 2, due: '2026-03-01T00:00:00Z' },
    ];
    const patches: unknown[] = [];
    const script = (q: HttpRequest) => {
      if (q.method === 'PATCH') {
        patches.push(JSON.parse(q.body ?? '{}'));
        return reply(200, { ...versions[1], version: 3, ...JSON.parse(q.body ?? '{}') });
      }
      const asked = new URL(q.url).searchParams.get('version');
      return reply(200, asked === '1' ? versions[0] : versions[1]);
    };
    const { client } = scriptedClient(script);
    const api = client.resource(invoices);
    // The form was opened on version 1 and sets the date to 2026-02-01.
    const error = await api
      .edit(
        'inv_1',
        (draft) => {
          draft.due = new Date('2026-02-01T00:00:00Z');
        },
        { onConflict: 'abort', baseVersion: 1 },
      )
      .catch((e: unknown) => e);
    expect(patches).toEqual([]); // theirs must not be overwritten silently
    expect(error).toBeInstanceOf(EditConflictError);
  });

  it('a recipe that returns a new object with a new date sends it (not "unchanged")', async () => {
    const held = { invoice_id: 'inv_1', version: 1, due: '2026-01-01T00:00:00Z' };
    const patches: unknown[] = [];
    const { client } = scriptedClient((q) => {
      if (q.method !== 'PATCH') return reply(200, held);
      patches.push(JSON.parse(q.body ?? '{}'));
      return reply(200, { ...held, version: 2, ...JSON.parse(q.body ?? '{}') });
    });
    const saved = await client
      .resource(invoices)
      .edit('inv_1', (draft) => ({ ...draft, due: new Date('2026-02-01T00:00:00Z') }) as never);
    expect(patches).toEqual([{ due: '2026-02-01T00:00:00.000Z' }]);
    expect(saved.due.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});
