import { type AccountStanding, accountStanding } from '@vstore/dashboard-kit';
import { type Account, type ResourceResult, useResource, useVStoreClient } from '@vstore/react';
import { useState } from 'react';

export interface AccountView {
  /** The latest read of the account, following the store. */
  readonly account: ResourceResult<Account>;
  /** Its name, kept once the account is gone (the store then holds no copy; the service answers 404). */
  readonly name: string | undefined;
  readonly standing: AccountStanding;
}

/**
 * Account `id` as the dashboard shows it. Every component asking follows the same observer, so a
 * removal reaching this tab (its own deletion, an event, another tab, a 404 read) shows everywhere
 * at once, and the controls of a deleted account become read-only with the reason.
 */
export function useAccount(id: string | undefined): AccountView {
  const client = useVStoreClient();
  const account = useResource(client.accounts, id);
  const [named, setNamed] = useState<{ id: string; name: string }>();
  const held = account.data?.name ?? undefined;
  // React's "adjust state during render": only the last name seen is kept, not the account.
  if (id !== undefined && held !== undefined && (named?.id !== id || named.name !== held))
    setNamed({ id, name: held });
  const name = named?.id === id ? named?.name : held;
  return { account, name, standing: accountStanding(account, name ?? id ?? '') };
}
