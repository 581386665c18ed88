import { createClient, createVStore } from '@vstore/vue';
import { createApp } from 'vue';
import App from './App.vue';

// One client per app: it owns the store, so every component that reads an id shares one copy.
const client = createClient({
  baseUrl: import.meta.env.VITE_VSTORE_URL ?? 'http://127.0.0.1:4010',
  // The local service accepts `dev-token`; give your API's token here (called lazily, cached).
  getToken: () => 'dev-token',
});

createApp(App).use(createVStore({ client })).mount('#app');
