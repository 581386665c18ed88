import { type ClientEvents, createClientEvents } from '../events/clientEvents';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../events/sseConnectionOptions';
import { toPromise } from '../http/toPromise';
import { contextOf } from '../reads/readContext';
import type { Client } from './createClient';
import { eventConfigs } from './eventConfig';

// One event client per vstore client, so every caller shares its connection, state and counts.
const made = new WeakMap<object, ClientEvents>();

/**
 * The client's webhook ingestion and SSE relay connection: `ingest(payload)`, `connect(url)`, the
 * connection state and counts. Made on the first call and the same object after, so a component
 * that connects and one that shows the state see one connection. Relative relay URLs resolve
 * against the client's `baseUrl`, payloads land in the client's store, and the stream sends the
 * client's token the way its requests do: from the same cache (a reconnect does not call `getToken`
 * again; a 401 refreshes it once for everyone) and in the headers `authorize` makes. A `*.created`
 * event's entity joins the client's lists it matches. A function rather than a `client.events`
 * property, so an app that never ingests events does not ship them.
 * `client` is what `createClient` returned, or an object made from it with `Object.create`; a
 * spread copy (`{ ...client }`) is not a client, and gets a TypeError.
 *
 * @example
 * ```ts
 * import { createClient, getClientEvents } from '@vstore/core';
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080', getToken: () => 'dev-token' });
 * const disconnect = getClientEvents(client).connect('/events');
 * // later, when the page no longer shows live data:
 * disconnect();
 * ```
 */
export function getClientEvents(client: Client): ClientEvents {
  const ctx = contextOf(client);
  let events = made.get(ctx);
  if (!events) {
    const config = eventConfigs.get(ctx);
    if (!config) throw new TypeError('getClientEvents takes a client made by createClient');
    const { baseUrl, tokens, authorize, fetch, options } = config;
    const connectMs = options?.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    events = createClientEvents({
      ...options,
      store: ctx.store,
      baseUrl,
      // toPromise (the client's own, already loaded) rather than rxjs's firstValueFrom: the token
      // stream emits once and completes, so the two agree. A call pending for longer than two connect
      // deadlines is not joined but made again, as the client's requests do with theirs: a stream
      // that timed out waiting for a token would otherwise wait on the same stuck call for ever.
      getToken: () => toPromise(tokens.get(connectMs > 0 ? 2 * connectMs : Number.POSITIVE_INFINITY)),
      invalidateToken: (token) => tokens.invalidate(token),
      authorize,
      fetch,
      environment: ctx.environment,
      created: ctx.reads.ledger.created,
    });
    made.set(ctx, events);
  }
  return events;
}
