import { type Client, createVStore } from '@vstore/vue';
import { type App, createSSRApp, h } from 'vue';
// Its composables read in serverPrefetch on the server.
import DetailView from './DetailView.vue';

/** The app both sides make: the same tree, so hydration finds the markup it would have made. */
export function createPage(client: Client, id: string): App {
  return createSSRApp({ render: () => h(DetailView, { id }) }).use(createVStore({ client }));
}
