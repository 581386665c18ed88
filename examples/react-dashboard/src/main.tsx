import { client, registerOfflineShell } from '@vstore/dashboard-kit';
import { startOffline } from '@vstore/dashboard-kit/offline';
import { mountDevtools } from '@vstore/devtools';
import { VStoreProvider } from '@vstore/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { OutboxContext } from './offline';
import '@vstore/dashboard-kit/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Before the first render: what the last page saw (entities and lists, so the dashboard shows them
// offline too) and the outbox, whose entries an earlier page left are restored and sent.
const offline = await startOffline(client);
// A production build loads offline too: its service worker keeps the page's own files.
registerOfflineShell(import.meta.env.PROD);

// StrictMode on purpose: the hooks must not double their requests or pollers under it.
createRoot(root).render(
  <StrictMode>
    <VStoreProvider client={client}>
      <OutboxContext.Provider value={offline.outbox}>
        <App storageError={offline.storageError} />
      </OutboxContext.Provider>
    </VStoreProvider>
  </StrictMode>,
);

// The store's own view: every key with its version, and each write applied or refused, and why.
mountDevtools(client);
