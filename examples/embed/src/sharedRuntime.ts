import { type Client, createClient, getClientEvents } from '@vstore/core';
import type { EmbedConfig } from './embedConfig';

export interface RuntimeLease {
  readonly client: Client;
  /** Gives the lease back; the last one closes the event connection. Idempotent. */
  release(): void;
}

declare global {
  interface Window {
    /** Set by the widget script (main.ts): the shared runtime, for the host page and its devtools. */
    VStoreEmbed?: { currentClient: typeof currentClient; runtimeStatus: typeof runtimeStatus };
  }
}

let client: Client | undefined;
let disconnect: (() => void) | undefined;
let leases = 0;

/**
 * Every widget on the page leases the same client (so one store, and identical reads in flight are
 * shared) and the same event connection, opened by the first lease and closed by the last. The
 * store outlives the connection: widgets added later start from what it holds and refetch.
 */
export function leaseRuntime(config: EmbedConfig): RuntimeLease {
  client ??= createClient({
    baseUrl: config.serviceUrl,
    getToken: config.getToken,
    ...(config.environment === undefined ? {} : { environment: config.environment }),
  });
  // Appended rather than resolved, so a service mounted under a path prefix keeps it.
  if (leases++ === 0)
    disconnect = getClientEvents(client).connect(`${config.serviceUrl.replace(/\/$/, '')}/events`);
  let held = true;
  return {
    client,
    release() {
      if (!held) return;
      held = false;
      if (--leases === 0) {
        disconnect?.();
        disconnect = undefined;
      }
    },
  };
}

/** The client the widgets share, once the first one has connected: for the host page's devtools. */
export function currentClient(): Client | undefined {
  return client;
}

/** For the host page and tests: how many widgets hold the runtime, and whether events are connected. */
export function runtimeStatus(): { widgets: number; connected: boolean } {
  return { widgets: leases, connected: disconnect !== undefined };
}
