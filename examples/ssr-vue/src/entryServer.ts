import { createClient, dehydrate, serializeSnapshot } from '@vstore/vue';
import { renderToString } from 'vue/server-renderer';
import { createPage } from './page';

export interface RenderOptions {
  serviceUrl: string;
  token: string;
}

/**
 * Renders the detail view of spend control `id`. Nothing is preloaded: each composable reads in
 * serverPrefetch (the control, then its history, then the two versions its diff compares), a
 * failure included, and the snapshot carries what they read. One client per request: a shared one
 * would carry one visitor's data into another's page.
 */
export async function render(id: string, { serviceUrl, token }: RenderOptions) {
  const client = createClient({ baseUrl: serviceUrl, getToken: () => token, environment: 'ssr-demo' });
  const html = await renderToString(createPage(client, id));
  return { html, snapshot: serializeSnapshot(dehydrate(client)) };
}
