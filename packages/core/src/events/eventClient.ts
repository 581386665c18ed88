import type { TokenProvider } from '../http/tokenProvider';
import { toPromise } from '../http/toPromise';
import type { EntityStore } from '../store/types';
import { type ClientEvents, type ClientEventsOptions, createClientEvents } from './clientEvents';

/** Options of `client.events` beyond what the client already knows (base URL, token, fetch, store). */
export type EventClientOptions = Pick<
  ClientEventsOptions,
  'registry' | 'supportedMajors' | 'backoff' | 'connectTimeoutMs' | 'idleTimeoutMs' | 'onError' | 'onGap'
>;

/**
 * `client.events`, built from the client's shared context: relative relay URLs resolve against the
 * client's `baseUrl`, payloads land in the client's store, and the stream sends the client's token
 * the way its requests do: from the same cache (a reconnect does not call `getToken` again; a 401
 * refreshes it once for everyone) and in the headers `authorize` makes.
 */
export function clientEventsFor(
  ctx: {
    readonly store: EntityStore;
    readonly baseUrl: string;
    readonly tokens: TokenProvider;
    readonly authorize: ((token: string) => Record<string, string>) | undefined;
    readonly fetch: typeof fetch | undefined;
    readonly environment: string | undefined;
  },
  options: EventClientOptions = {},
): ClientEvents {
  return createClientEvents({
    store: ctx.store,
    baseUrl: ctx.baseUrl,
    // toPromise (the client's own, already loaded) rather than rxjs's firstValueFrom: the token
    // stream emits once and completes, so the two agree.
    getToken: () => toPromise(ctx.tokens.get()),
    invalidateToken: (token) => ctx.tokens.invalidate(token),
    ...(ctx.authorize ? { authorize: ctx.authorize } : {}),
    ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
    ...(ctx.environment ? { environment: ctx.environment } : {}),
    ...options,
  });
}
