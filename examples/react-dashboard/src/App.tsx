import type { OutboxStorageError } from '@vstore/core/offline';
import { admin, network, serviceUrl } from '@vstore/dashboard-kit';
import { useAccounts } from '@vstore/react';
import { useCallback, useState } from 'react';
import { AccountList } from './components/AccountList';
import { ChaosPanel } from './components/ChaosPanel';
import { LiveEvents } from './components/LiveEvents';
import { OfflineIndicator } from './components/OfflineIndicator';
import { OutboxPanel } from './components/OutboxPanel';
import { SpendControlDetail } from './components/SpendControlDetail';
import { SpendControlTable } from './components/SpendControlTable';
import { useAccount } from './useAccount';

/** The selected account's controls: the table, then the selected control's details. */
function AccountControls({ accountId }: { accountId: string }) {
  const { name, standing } = useAccount(accountId);
  const [selected, setSelected] = useState<string>();
  return (
    <>
      <SpendControlTable
        accountId={accountId}
        accountName={name ?? accountId}
        readOnlyReason={standing.readOnlyReason}
        selectedId={selected}
        onSelect={setSelected}
      />
      {selected && <SpendControlDetail id={selected} />}
    </>
  );
}

/** `storageError`: why offline work is off, when the browser refused storage (see main.tsx). */
export function App({ storageError }: { storageError?: OutboxStorageError | undefined }) {
  const accounts = useAccounts();
  const [accountId, setAccountId] = useState<string>();
  const first = accounts.data[0]?.account_id;
  // The first account listed until someone picks one; kept when it leaves the list (deleted).
  if (accountId === undefined && first !== undefined) setAccountId(first);
  const selectAccount = useCallback((id: string) => setAccountId(id), []);
  return (
    <div className="app">
      <header className="topbar">
        <div>
          <h1>vstore dashboard</h1>
          <p className="muted small">
            Versioned client state against <code>{serviceUrl}</code>: nothing older ever replaces something
            newer.
          </p>
        </div>
        <OfflineIndicator />
      </header>
      {storageError && (
        <p className="notice warn" role="status" data-testid="storage-error">
          This browser refused storage, so changes are not kept offline: {storageError.message}
        </p>
      )}
      <main className="layout">
        <div className="column narrow">
          <AccountList selectedId={accountId} onSelect={selectAccount} />
        </div>
        <div className="column wide">
          <OutboxPanel />
          {/* Keyed by account: another account starts with its own filter and selection. */}
          {accountId && <AccountControls key={accountId} accountId={accountId} />}
        </div>
        <div className="column narrow">
          <LiveEvents url={`${serviceUrl}/events`} />
          <ChaosPanel admin={admin} network={network} />
        </div>
      </main>
    </div>
  );
}
