import { VStoreProvider } from '@vstore/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { client } from './config';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// StrictMode on purpose: the hooks must not double their requests or connections under it.
createRoot(root).render(
  <StrictMode>
    <VStoreProvider client={client}>
      <App />
    </VStoreProvider>
  </StrictMode>,
);
