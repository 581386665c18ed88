import { createClient } from '@vstore/core';
import { createNetworkMonitor } from './networkMonitor';
import { createServiceAdmin } from './serviceAdmin';
import { shareAcrossTabs } from './tabSharing';

// Read where the dashboard is served: Vite puts the page's `VITE_*` settings on import.meta.env.
const env: Record<string, string | undefined> = import.meta.env;

/** Where the local service listens; `pnpm demo` and the e2e tests set it. */
export const serviceUrl = (env.VITE_SERVICE_URL ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');
/** The local service's development token. It is sent as a header only, never shown or logged. */
const token = env.VITE_SERVICE_TOKEN ?? 'dev-token';

/** Rows per page of the spend-control table: "Load more" reads the next page of this many. */
export const PAGE_SIZE = 10;

export const network = createNetworkMonitor();

/**
 * One client per page, shared by every screen of either dashboard, and shared with the dashboard's
 * other tabs: one tab holds the event stream and polls tasks, the others follow over BroadcastChannel.
 */
export const tabs = shareAcrossTabs(
  createClient({
    baseUrl: serviceUrl,
    getToken: () => token,
    fetch: network.fetch,
    environment: 'local-demo',
  }),
);
export const client = tabs.client;

/** The chaos switch's way to the service's fault profile (through the dev server's `/__admin` proxy). */
export const admin = createServiceAdmin(token);
