import { mountDevtools } from '@vstore/devtools';
import type { currentClient } from './sharedRuntime';

// The host page's devtools: a separate script, so pages that embed only the widgets pay nothing for it.
// It runs after vstore-embed.js, whose widgets have by then leased the shared client.
declare global {
  interface Window {
    VStoreEmbed?: { currentClient: typeof currentClient };
  }
}

const client = window.VStoreEmbed?.currentClient();
if (client) mountDevtools(client);
else console.warn('[vstore devtools] load vstore-embed.js, and at least one widget, before this script');
