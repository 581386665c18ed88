import type { Client, SpendControl, VStoreError } from '@vstore/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { ComputedRef } from 'vue';
import { useResource, useResourceHistory } from '../useResource';
import { useSpendControl } from '../useSpendControl';
import { useUpdateResource } from '../useUpdateResource';

declare const client: Client;

describe('composable results', () => {
  it('have the React hooks shape, each field a readonly ref', () => {
    const state = useResource(client.spendControls, () => 'sc_1');
    expectTypeOf(state).toEqualTypeOf(useSpendControl('sc_1'));
    expectTypeOf(state.data).toEqualTypeOf<ComputedRef<SpendControl | undefined>>();
    expectTypeOf(state.error).toEqualTypeOf<ComputedRef<VStoreError | undefined>>();
    expectTypeOf(state.status).toEqualTypeOf<ComputedRef<'pending' | 'success' | 'error'>>();
    expectTypeOf(state.refetch).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(useResourceHistory(client.spendControls, 'sc_1').data).toEqualTypeOf<
      ComputedRef<SpendControl[] | undefined>
    >();
  });

  it('type mutate by the resource', () => {
    const update = useUpdateResource(client.spendControls);
    expectTypeOf(update.mutate('sc_1', { name: 'x' })).toEqualTypeOf<Promise<SpendControl | undefined>>();
    // @ts-expect-error version is not update-valid
    void update.mutate('sc_1', { version: 3 });
  });
});
