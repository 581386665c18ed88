import type { Client } from '../client/createClient';
import { toPromise } from '../http/toPromise';
import { contextOf } from '../observers/resourceLink';
import { type ClientEvents, type ClientEventsOptions, createClientEvents } from './clientEvents';

/** Options of a client's events (`createClient({ events })`) beyond what the client already knows. */
export type EventClientOptions = Pick<
  ClientEventsOptions,
  'registry' | 'supportedMajors' | 'backoff' | 'connectTimeoutMs' | 'idleTimeoutMs' | 'onError' | 'onGap'
>;

// One event client per vstore client, so every caller shares its connection, state and counts.
const made = new WeakMap<object, ClientEvents>();

/**
 * The client's webhook ingestion and SSE relay connection: `ingest(payload)`, `connect(url)`, the
 * connection state and counts. Made on the first call and the same object after, so a component
 * that connects and one that shows the state see one connection. Relative relay URLs resolve
 * against the client's `baseUrl`, payloads land in the client's store, and the stream sends the
 * client's token the way its requests do: from the same cache (a reconnect does not call `getToken`
 * again; a 401 refreshes it once for everyone) and in the headers `authorize` makes. A function
 * rather than a `client.events` property, so an app that never ingests events does not ship them.
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
    const { baseUrl, tokens, authorize, fetch, options } = ctx.events;
    events = createClientEvents({
      store: ctx.store,
      baseUrl,
      // toPromise (the client's own, already loaded) rather than rxjs's firstValueFrom: the token
      // stream emits once and completes, so the two agree.
      getToken: () => toPromise(tokens.get()),
      invalidateToken: (token) => tokens.invalidate(token),
      ...(authorize ? { authorize } : {}),
      ...(fetch ? { fetch } : {}),
      ...(ctx.environment ? { environment: ctx.environment } : {}),
      ...options,
    });
    made.set(ctx, events);
  }
  return events;
}
