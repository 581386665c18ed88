import { client } from '@vstore/dashboard-kit';
import { mountDevtools } from '@vstore/devtools';
import { createVStore } from '@vstore/vue';
import { createApp } from 'vue';
import App from './App.vue';
import '@vstore/dashboard-kit/styles.css';

createApp(App).use(createVStore({ client })).mount('#app');

// The store's own view: every key with its version, and each write applied or refused, and why.
mountDevtools(client);
