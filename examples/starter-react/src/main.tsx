import { createClient, VStoreProvider } from '@vstore/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// One client per app: it owns the store, so every component that reads an id shares one copy.
const client = createClient({
  baseUrl: import.meta.env.VITE_VSTORE_URL ?? 'http://127.0.0.1:4010',
  // The local service accepts `dev-token`; give your API's token here (called lazily, cached).
  getToken: () => 'dev-token',
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <VStoreProvider client={client}>
      <App />
    </VStoreProvider>
  </StrictMode>,
);
