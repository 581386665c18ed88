import { mountDevtools } from '@vstore/devtools';
// For its declaration of `window.VStoreEmbed`.
import type {} from './sharedRuntime';

// The host page's devtools: a separate script, so pages that embed only the widgets pay nothing for it.
// It must run after vstore-embed.js, whose widgets have by then leased the shared client: that script
// is a module, which runs once the page is parsed, so this one is loaded as a module (or `defer`)
// after it; module and deferred scripts run in document order.

const client = window.VStoreEmbed?.currentClient();
if (client) mountDevtools(client);
else console.warn('[vstore devtools] load vstore-embed.js, and at least one widget, before this script');
