import type { Client, SpendControl } from '@vstore/core';
import { useClient } from './createVStore';
import { type ShallowRef, shallowReadonly, shallowRef } from './vue';
import { warnOutsideScope } from './warnOutsideScope';

type Edit = Client['spendControls']['edit'];
export type SpendControlPatch = Parameters<Client['spendControls']['update']>[1];
export type SpendControlRecipe = Parameters<Edit>[1];

export type MutationStatus = 'idle' | 'pending' | 'success' | 'error';

export interface UpdateSpendControlState {
  /** PATCH with update-valid fields; resolves to the result, or undefined on failure (see `error`). */
  mutate(id: string, patch: SpendControlPatch): Promise<SpendControl | undefined>;
  /** core's `edit`: the recipe runs over the latest state, and again over a newer one after a 409. */
  edit(
    id: string,
    recipe: SpendControlRecipe,
    options?: Parameters<Edit>[2],
  ): Promise<SpendControl | undefined>;
  readonly status: Readonly<ShallowRef<MutationStatus>>;
  readonly error: Readonly<ShallowRef<unknown>>;
  readonly data: Readonly<ShallowRef<SpendControl | undefined>>;
}

/**
 * Writes to spend controls. The written resource reaches every reader through the store; this only
 * tracks the last call. The promises never reject, so a forgotten `catch` is no unhandled rejection.
 * A write is not aborted when the scope ends: the server may already have applied it, and the reply
 * must still reach the store (setting this composable's refs then is harmless: nothing watches them).
 */
export function useUpdateSpendControl(options: { client?: Client } = {}): UpdateSpendControlState {
  warnOutsideScope('useUpdateSpendControl');
  const { spendControls } = useClient(options.client);
  const status = shallowRef<MutationStatus>('idle');
  const error = shallowRef<unknown>();
  const data = shallowRef<SpendControl>();
  let calls = 0;
  const track = async (start: () => Promise<SpendControl>) => {
    // Only the latest call may record its outcome, so an older, slower call cannot overwrite it.
    const call = ++calls;
    const settle = (s: MutationStatus, e?: unknown, d?: SpendControl) => {
      if (call === calls) {
        status.value = s;
        error.value = e;
        data.value = d;
      }
      return d;
    };
    settle('pending');
    try {
      return settle('success', undefined, await start());
    } catch (e) {
      return settle('error', e);
    }
  };
  return {
    mutate: (id, patch) => track(() => spendControls.update(id, patch)),
    edit: (id, recipe, opts) => track(() => spendControls.edit(id, recipe, opts)),
    status: shallowReadonly(status),
    error: shallowReadonly(error),
    data: shallowReadonly(data),
  };
}
