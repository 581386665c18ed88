import { createVStore } from '@vstore/vue';
import { createApp } from 'vue';
import App from './App.vue';
import { client } from './config';
import '@vstore/dashboard-kit/styles.css';

createApp(App).use(createVStore({ client })).mount('#app');
