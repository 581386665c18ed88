import { describe, expectTypeOf, it } from 'vitest';
import type { Client } from '../../client/createClient';
import type { VStoreError } from '../../errors/vstoreError';
import { z } from '../../index';
import type { ResourceClient } from '../../reads/resourceClient';
import { defineResource, type ResourceDefinition } from '../../resources/defineResource';
import type { ResourcePatch } from '../../resources/resourceOps';
import type { SpendControl } from '../../resources/spendControls';
import { observeHistory } from '../observeHistory';
import { type ObserverResult, observeResource } from '../observeResource';
import { observeUpdate, type UpdateResult } from '../observeUpdate';

const invoices = defineResource({
  type: 'invoice',
  path: '/invoices',
  idKey: 'invoice_id',
  schema: z.looseObject({ invoice_id: z.string(), version: z.number(), total: z.number() }),
  updatable: ['total'],
  createBody: (input: { total: number }) => input,
});
type Invoice = { [x: string]: unknown; invoice_id: string; version: number; total: number };

describe('defineResource', () => {
  it('infers the entity, the update keys and the create input', () => {
    expectTypeOf(invoices).toEqualTypeOf<ResourceDefinition<Invoice, 'total', { total: number }>>();
  });

  it('only takes idKey and updatable fields the schema has', () => {
    defineResource({
      type: 'invoice',
      path: '/invoices',
      // @ts-expect-error not a field of the schema
      idKey: 'nope',
      schema: z.object({ invoice_id: z.string() }),
    });
    defineResource({
      type: 'invoice',
      path: '/invoices',
      idKey: 'invoice_id',
      schema: z.object({ invoice_id: z.string() }),
      // @ts-expect-error not a field of the schema
      updatable: ['total'],
    });
  });
});

describe('ResourcePatch', () => {
  it('holds update-valid fields only, each optional and non-null', () => {
    type Patch = ResourcePatch<SpendControl, 'name' | 'limit'>;
    expectTypeOf<Patch>().toEqualTypeOf<{
      name?: string;
      limit?: NonNullable<SpendControl['limit']>;
    }>();
    // @ts-expect-error version is not update-valid
    const bad: Patch = { version: 2 };
    void bad;
  });
});

declare const client: Client;
declare const api: ResourceClient<Invoice, 'total', { total: number }>;

describe('observers', () => {
  it('type data by the resource and error as VStoreError', () => {
    const result = observeResource(client.spendControls, 'sc_1').getResult();
    expectTypeOf(result).toEqualTypeOf<ObserverResult<SpendControl>>();
    expectTypeOf(result.error).toEqualTypeOf<VStoreError | undefined>();
    if (result.status === 'success') expectTypeOf(result.data).toEqualTypeOf<SpendControl>();
    if (result.status === 'pending') expectTypeOf(result.data).toEqualTypeOf<undefined>();
    if (result.status === 'error') expectTypeOf(result.error).toEqualTypeOf<VStoreError>();
    expectTypeOf(observeHistory(api, 'inv_1').getResult().data).toEqualTypeOf<Invoice[] | undefined>();
    expectTypeOf(observeResource(client.accounts, 'acc_1').getResult().data).toEqualTypeOf<
      Awaited<ReturnType<Client['accounts']['get']>> | undefined
    >();
  });

  it('type mutate by the resource update keys', () => {
    const update = observeUpdate(api);
    expectTypeOf(update.getResult()).toEqualTypeOf<UpdateResult<Invoice>>();
    expectTypeOf(update.mutate('inv_1', { total: 3 })).toEqualTypeOf<Promise<Invoice | undefined>>();
    // @ts-expect-error invoice_id is not update-valid
    void update.mutate('inv_1', { invoice_id: 'x' });
  });
});
