// A stranger's first Vue app, built by scripts/testPack.mjs from the packed tarballs in a directory
// outside the workspace; see ../react-app for why it imports core and runs the service in the page.
import { createClient, type SpendControl } from '@vstore/core';
import { createService } from '@vstore/service';
import { createVStore } from '@vstore/vue';
import { createApp } from 'vue';
import App from './App.vue';

const service = createService();
const client = createClient({
  baseUrl: 'https://api.example.test',
  getToken: () => 'dev-token',
  fetch: (input, init) => service.fetch(new Request(input, init)),
});

/**
 * Never called: each line must be a type error. Types that failed to resolve would be `any`, and an
 * unused `@ts-expect-error` fails the type check, so these show that the published types are real.
 */
export function publishedTypesAreChecked(control: SpendControl) {
  // @ts-expect-error the plugin needs a client
  createVStore({});
  // @ts-expect-error a name is a string
  const name: number = control.name;
  return name;
}

createApp(App, { id: 'sc_1' }).use(createVStore({ client })).mount('#app');
