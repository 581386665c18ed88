import { createClient, hydrate } from '@vstore/vue';
import { createPage } from './page';
import './styles.css';

const root = document.getElementById('root');
const state = document.getElementById('vstore-snapshot');
if (!root || !state) throw new Error('this page was not rendered by the ssr-vue server');

const client = createClient({
  baseUrl: root.dataset.serviceUrl ?? 'http://127.0.0.1:4010',
  getToken: () => import.meta.env.VITE_SERVICE_TOKEN ?? 'dev-token',
  environment: 'ssr-demo',
  // The server's reads count as confirmed when it made them: within 30 s, mounting reads nothing again.
  maxAgeMs: 30_000,
});
hydrate(client, JSON.parse(state.textContent ?? ''));
createPage(client, root.dataset.id ?? 'sc_1').mount(root);
// Hydration is synchronous in Vue: mark it done, for people and browser tests to see.
document.documentElement.dataset.hydrated = 'true';
