import { createClient, hydrate } from '@vstore/react';
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Page } from './Page';
import './styles.css';

const root = document.getElementById('root');
const state = document.getElementById('vstore-snapshot');
if (!root || !state) throw new Error('this page was not rendered by the ssr-react server');
const id = root.dataset.id ?? 'sc_1';

const client = createClient({
  baseUrl: root.dataset.serviceUrl ?? 'http://127.0.0.1:4010',
  getToken: () => import.meta.env.VITE_SERVICE_TOKEN ?? 'dev-token',
  environment: 'ssr-demo',
  // The server's reads count as confirmed when it made them: within 30 s, mounting reads nothing again.
  maxAgeMs: 30_000,
});
hydrate(client, JSON.parse(state.textContent ?? ''));

/** Marks <html data-hydrated> once hydration committed: for people and browser tests to see. */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

hydrateRoot(
  root,
  <>
    <Page client={client} id={id} />
    <Hydrated />
  </>,
);
