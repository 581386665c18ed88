import { createNetworkMonitor } from '@vstore/dashboard-kit';
import { createClient } from '@vstore/vue';

const env: Record<string, string | undefined> = import.meta.env;

/** Where the local service listens; the e2e test sets it. */
export const serviceUrl = (env.VITE_SERVICE_URL ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');
/** The local service's development token. It is sent as a header only, never shown or logged. */
const token = env.VITE_SERVICE_TOKEN ?? 'dev-token';

export const spendControlIds = (env.VITE_SPEND_CONTROL_IDS ?? 'sc_1,sc_2,sc_3').split(',').filter(Boolean);
export const accountIds = (env.VITE_ACCOUNT_IDS ?? 'acc_1,acc_2').split(',').filter(Boolean);

export const network = createNetworkMonitor();

export const client = createClient({
  baseUrl: serviceUrl,
  getToken: () => token,
  fetch: network.fetch,
  environment: 'local-demo',
});
