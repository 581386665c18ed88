import { type Account, useAccounts } from '@vstore/react';
import { useState } from 'react';
import { useRefetchOnReconnect } from '../offline';
import { AccountRow } from './AccountRow';
import { ErrorPanel } from './ErrorPanel';

/**
 * Every id `rows` has listed, in the order first seen: an account that leaves the list (its deletion
 * completed) keeps its row, which says it was deleted, instead of vanishing.
 */
function useIdsSeen(rows: readonly Account[]): readonly string[] {
  const [seen, setSeen] = useState<readonly string[]>([]);
  const fresh = rows.map((row) => row.account_id).filter((id) => !seen.includes(id));
  // React's "adjust state during render": the rows are the list's, only their ids are kept here.
  if (fresh.length) setSeen([...seen, ...fresh]);
  return fresh.length ? [...seen, ...fresh] : seen;
}

interface Props {
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** The accounts, read as a list; select one to see its spend controls, or delete it. */
export function AccountList({ selectedId, onSelect }: Props) {
  const accounts = useAccounts();
  useRefetchOnReconnect(accounts.refetch);
  const ids = useIdsSeen(accounts.data);
  return (
    <section className="panel" data-testid="accounts">
      <h2>Accounts</h2>
      {accounts.status === 'pending' && <p className="muted">Loading…</p>}
      {accounts.status === 'error' && (
        <ErrorPanel
          error={accounts.error}
          context="Listing the accounts"
          onRetry={() => void accounts.refetch()}
        />
      )}
      <ul className="accounts">
        {ids.map((id) => (
          <AccountRow key={id} id={id} selected={id === selectedId} onSelect={onSelect} />
        ))}
      </ul>
      {accounts.hasNextPage && (
        <button
          type="button"
          className="button small"
          disabled={accounts.isFetchingNextPage}
          onClick={() => void accounts.fetchNextPage()}
        >
          {accounts.isFetchingNextPage ? 'Loading…' : 'More accounts'}
        </button>
      )}
    </section>
  );
}
