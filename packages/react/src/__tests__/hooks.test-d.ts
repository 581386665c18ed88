import type { Client, SpendControl, VStoreError } from '@vstore/core';
import { describe, expectTypeOf, it } from 'vitest';
import { useResource, useResourceHistory } from '../useResource';
import { useSpendControl } from '../useSpendControl';
import { useUpdateResource } from '../useUpdateResource';

declare const client: Client;

describe('hook results', () => {
  it('narrow data by status and type error as VStoreError', () => {
    const result = useResource(client.spendControls, 'sc_1');
    expectTypeOf(result).toEqualTypeOf(useSpendControl('sc_1'));
    expectTypeOf(result.refetch).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(result.isFetching).toEqualTypeOf<boolean>();
    if (result.status === 'success') expectTypeOf(result.data).toEqualTypeOf<SpendControl>();
    else expectTypeOf(result.data).toEqualTypeOf<SpendControl | undefined>();
    expectTypeOf(result.error).toEqualTypeOf<VStoreError | undefined>();
    expectTypeOf(useResourceHistory(client.spendControls, 'sc_1').data).toEqualTypeOf<
      SpendControl[] | undefined
    >();
  });

  it('type mutate and edit by the resource', () => {
    const update = useUpdateResource(client.spendControls);
    expectTypeOf(update.mutate('sc_1', { name: 'x' })).toEqualTypeOf<Promise<SpendControl | undefined>>();
    // @ts-expect-error version is not update-valid
    void update.mutate('sc_1', { version: 3 });
    expectTypeOf(update.status).toEqualTypeOf<'idle' | 'pending' | 'success' | 'error'>();
  });
});
