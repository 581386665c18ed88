import { client } from '@vstore/dashboard-kit';
import { mountDevtools } from '@vstore/devtools';
import { VStoreProvider } from '@vstore/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import '@vstore/dashboard-kit/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// StrictMode on purpose: the hooks must not double their requests or pollers under it.
createRoot(root).render(
  <StrictMode>
    <VStoreProvider client={client}>
      <App />
    </VStoreProvider>
  </StrictMode>,
);

// The store's own view: every key with its version, and each write applied or refused, and why.
mountDevtools(client);
