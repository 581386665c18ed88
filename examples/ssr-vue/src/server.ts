import { fileURLToPath } from 'node:url';
import { type SsrServerOptions, startSsrServer as start } from './ssrServer';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * This example's server: `/` and `/controls/<id>` render the detail view with src/entryServer
 * on the server, and src/entryClient hydrates it from the snapshot in the page.
 */
export const startSsrServer = (options: SsrServerOptions) =>
  start({ root, entry: '/src/entryServer.ts' }, options);
