import type { SchedulerLike } from 'rxjs';
import type { EventClientOptions } from '../events/getClientEvents';
import type { TokenProvider } from '../http/tokenProvider';
import type { Transport } from '../http/transport';
import type { RequestCache } from '../observers/requestCache';
import type { EntityStore } from '../store/types';

/**
 * What the resource, task and account clients of one client share: where requests go, where data
 * lands, and the state of every read. Token, fetch and headers are used by the transport and, through
 * `events`, by the event stream `getClientEvents` makes on demand.
 */
export interface ClientContext {
  readonly transport: Transport;
  readonly store: EntityStore;
  readonly scheduler: SchedulerLike;
  readonly environment: string | undefined;
  /** Default `maxAgeMs` of latest reads. */
  readonly maxAgeMs: number;
  /** Request state of every read: in flight, last failure, freshness (`confirmedAt`), results. */
  readonly requests: RequestCache;
  /** What `getClientEvents(client)` makes the client's event stream from; plain data, so it costs nothing unused. */
  readonly events: {
    readonly baseUrl: string;
    readonly tokens: TokenProvider;
    readonly authorize: ((token: string) => Record<string, string>) | undefined;
    readonly fetch: typeof fetch | undefined;
    readonly options: EventClientOptions | undefined;
  };
}
