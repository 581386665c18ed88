import { useRef, useState } from './react';
import type { SpendControl, SpendControlEditOptions, SpendControlPatch, SpendControlRecipe } from './types';
import { useVStoreClient } from './vstoreProvider';

export type MutationStatus = 'idle' | 'pending' | 'success' | 'error';

interface MutationState {
  status: MutationStatus;
  error: unknown;
  data: SpendControl | undefined;
}

export interface UpdateSpendControlResult {
  /** PATCH with update-valid fields; resolves to the result, or undefined on failure (see `error`). */
  mutate(id: string, patch: SpendControlPatch): Promise<SpendControl | undefined>;
  /** core's `edit`: the recipe runs over the latest state, and again over a newer one after a 409. */
  edit(
    id: string,
    recipe: SpendControlRecipe,
    options?: SpendControlEditOptions,
  ): Promise<SpendControl | undefined>;
  status: MutationStatus;
  error: unknown;
  data: SpendControl | undefined;
}

/**
 * Writes to spend controls. The written resource reaches components through the store; this hook
 * only tracks the last call's status. The promises never reject, so a forgotten `catch` is no
 * unhandled rejection; the error is in `error` (and `status` is 'error').
 */
export function useUpdateSpendControl(): UpdateSpendControlResult {
  const { spendControls } = useVStoreClient();
  const [state, setState] = useState<MutationState>({ status: 'idle', error: undefined, data: undefined });
  const latestCall = useRef(0);
  const track = (start: () => Promise<SpendControl>) => {
    const call = ++latestCall.current;
    // Only the latest call may set the state, so an older, slower call cannot overwrite it.
    const settle = (status: MutationStatus, error?: unknown, data?: SpendControl) => {
      if (call === latestCall.current) setState({ status, error, data });
      return data;
    };
    settle('pending');
    // `Promise.resolve().then` also turns a synchronous throw (InvalidUpdateError) into `error`.
    return Promise.resolve()
      .then(start)
      .then(
        (data) => settle('success', undefined, data),
        (error: unknown) => settle('error', error),
      );
  };
  return {
    ...state,
    mutate: (id, patch) => track(() => spendControls.update(id, patch)),
    edit: (id, recipe, options) => track(() => spendControls.edit(id, recipe, options)),
  };
}
