import { client } from '@vstore/dashboard-kit';
import { createVStore } from '@vstore/vue';
import { createApp } from 'vue';
import App from './App.vue';
import '@vstore/dashboard-kit/styles.css';

createApp(App).use(createVStore({ client })).mount('#app');
