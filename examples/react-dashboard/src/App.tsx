import { accountIds, admin, network, serviceUrl, spendControlIds } from '@vstore/dashboard-kit';
import { useVStoreClient } from '@vstore/react';
import { useEffect, useState } from 'react';
import { AccountDeletion } from './components/AccountDeletion';
import { ChaosPanel } from './components/ChaosPanel';
import { LiveEvents } from './components/LiveEvents';
import { SpendControlDetail } from './components/SpendControlDetail';
import { SpendControlList } from './components/SpendControlList';

/** Spend control ids to show: the configured ones, plus any that events or writes bring in. */
function useSpendControlIds(initial: readonly string[]): readonly string[] {
  const { store } = useVStoreClient();
  const [ids, setIds] = useState(initial);
  useEffect(() => {
    const subscription = store.changes.subscribe((change) => {
      if (change.type !== 'spend_control' || change.outcome !== 'applied') return;
      setIds((held) => (held.includes(change.id) ? held : [...held, change.id]));
    });
    return () => subscription.unsubscribe();
  }, [store]);
  return ids;
}

export function App() {
  const ids = useSpendControlIds(spendControlIds);
  const [selected, setSelected] = useState<string | undefined>(ids[0]);
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
      </header>
      <main className="layout">
        <div className="column narrow">
          <SpendControlList ids={ids} selectedId={selected} onSelect={setSelected} />
          <AccountDeletion ids={accountIds} />
        </div>
        <div className="column wide">{selected && <SpendControlDetail id={selected} />}</div>
        <div className="column narrow">
          <LiveEvents url={`${serviceUrl}/events`} />
          <ChaosPanel admin={admin} network={network} />
        </div>
      </main>
    </div>
  );
}
