import { client, registerOfflineShell } from '@vstore/dashboard-kit';
import { startOffline } from '@vstore/dashboard-kit/offline';
import { mountDevtools } from '@vstore/devtools';
import { createVStore } from '@vstore/vue';
import { createApp } from 'vue';
import App from './App.vue';
import { OUTBOX } from './offline';
import '@vstore/dashboard-kit/styles.css';

// Before the first render: what the last page saw (entities and lists, so the dashboard shows them
// offline too) and the outbox, whose entries an earlier page left are restored and sent.
const offline = await startOffline(client);
// A production build loads offline too: its service worker keeps the page's own files.
registerOfflineShell(import.meta.env.PROD);

createApp(App, { storageError: offline.storageError })
  .use(createVStore({ client }))
  .provide(OUTBOX, offline.outbox)
  .mount('#app');

// The store's own view: every key with its version, and each write applied or refused, and why.
mountDevtools(client);
