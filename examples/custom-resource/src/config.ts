import { createClient, createDefaultEventRegistry, eventsOf } from '@vstore/react';
import { invoices } from './invoices';

// Read where the app is served: Vite puts the page's `VITE_*` settings on import.meta.env.
const env: Record<string, string | undefined> = import.meta.env;

/** Where the service listens; `pnpm demo:custom` and the browser test set it. */
export const serviceUrl = (env.VITE_SERVICE_URL ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');

/** The local service's development token. It is sent as a header only, never shown or logged. */
const token = env.VITE_SERVICE_TOKEN ?? 'dev-token';

/** The events this app follows: the built-in ones, and `invoice.*` validated by the invoice schema. */
const registry = createDefaultEventRegistry().register('invoice.*', eventsOf(invoices));

export const client = createClient({
  baseUrl: serviceUrl,
  getToken: () => token,
  environment: 'local-demo',
  events: { registry },
});

/** The invoice client: one per app, shared by every component. */
export const invoiceApi = client.resource(invoices);
