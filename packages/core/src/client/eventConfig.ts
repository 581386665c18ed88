import type { ClientEventsOptions } from '../events/clientEvents';
import type { TokenProvider } from '../http/tokenProvider';
import type { ReadContext } from '../reads/readContext';

/** Options of a client's events (`createClient({ events })`) beyond what the client already knows. */
export type EventClientOptions = Pick<
  ClientEventsOptions,
  'registry' | 'supportedMajors' | 'backoff' | 'connectTimeoutMs' | 'idleTimeoutMs' | 'onError' | 'onGap'
>;

/** What `getClientEvents(client)` makes a client's event stream from; plain data, so it costs nothing unused. */
export interface EventConfig {
  readonly baseUrl: string;
  readonly tokens: TokenProvider;
  readonly authorize: ((token: string) => Record<string, string>) | undefined;
  readonly fetch: typeof fetch | undefined;
  readonly options: EventClientOptions | undefined;
}

/** Each client's event config, by its read context (what `linkOf` finds from any of its parts). */
export const eventConfigs = new WeakMap<ReadContext, EventConfig>();
