import { ApiError } from '@vstore/core';

/** Where an account stands for the dashboards: what its row shows and whether its controls can change. */
export interface AccountStanding {
  /** `loading` until read; `deleting` while its deletion runs; `deleted` once it is gone. */
  readonly state: 'loading' | 'active' | 'deleting' | 'deleted' | 'unavailable';
  /**
   * Why the account's spend controls are read-only, in a sentence a person reads; `undefined` while
   * they can be changed. The service refuses writes to the controls of a closing or closed account
   * (422 AccountNotActive), so the dashboards say so before anyone tries.
   */
  readonly readOnlyReason: string | undefined;
}

/** What a latest read of an account gives (`useResource(client.accounts, id)`), as plain values. */
export interface AccountRead {
  readonly data: { readonly status?: string | null | undefined } | undefined;
  /** The store removed it: its deletion completed, a deletion event came, or another tab removed it. */
  readonly isRemoved: boolean;
  readonly error: unknown;
}

/**
 * The standing of account `name` from its latest read. A removal (from this tab, an event or another
 * tab), a 404 read and a `closed` status are the same deletion, so every tab shows it the same way
 * whichever reached it first.
 */
export function accountStanding(read: AccountRead, name: string): AccountStanding {
  const status = read.data?.status;
  const gone = read.error instanceof ApiError && read.error.status === 404;
  if (read.isRemoved || gone || status === 'closed')
    return {
      state: 'deleted',
      readOnlyReason: `Account ${name} was deleted, so its spend controls can no longer be changed.`,
    };
  if (status === 'closing')
    return {
      state: 'deleting',
      readOnlyReason: `Account ${name} is being deleted, so its spend controls can no longer be changed.`,
    };
  if (read.data) return { state: 'active', readOnlyReason: undefined };
  return { state: read.error === undefined ? 'loading' : 'unavailable', readOnlyReason: undefined };
}
