import { type Client, createVStore } from '@vstore/vue';
import { type App, createSSRApp, h } from 'vue';
// The dashboard's own detail view, unchanged: its composables read in serverPrefetch on the server.
import SpendControlDetail from '../../vue-dashboard/src/components/SpendControlDetail.vue';

/** The app both sides make: the same tree, so hydration finds the markup it would have made. */
export function createPage(client: Client, id: string): App {
  return createSSRApp({ render: () => h(SpendControlDetail, { id }) }).use(createVStore({ client }));
}
