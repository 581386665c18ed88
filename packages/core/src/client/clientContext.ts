import type { SchedulerLike } from 'rxjs';
import type { ResolvedRetryOptions } from '../http/retryPolicy';
import type { TokenProvider } from '../http/tokenProvider';
import type { Transport } from '../http/transport';
import type { RequestCache } from '../observers/requestCache';
import type { EntityStore } from '../store/types';
import type { RemovalWatch } from '../tasks/removalWatch';

/**
 * What every part of a client shares. Resource, task (and event) clients are built from it by
 * factories, so a new part is one more factory call in `createClient`.
 */
export interface ClientContext {
  readonly baseUrl: string;
  /** The one token cache of the client, shared by its requests and its event stream. */
  readonly tokens: TokenProvider;
  /** Headers that carry the token; the transport's default when undefined. */
  readonly authorize: ((token: string) => Record<string, string>) | undefined;
  readonly fetch: typeof fetch | undefined;
  readonly environment: string | undefined;
  readonly transport: Transport;
  readonly retry: ResolvedRetryOptions;
  readonly store: EntityStore;
  readonly scheduler: SchedulerLike;
  /** Default `maxAgeMs` of latest reads. */
  readonly maxAgeMs: number;
  /** Request state of every read: in flight, last failure, freshness (`confirmedAt`), results. */
  readonly requests: RequestCache;
  /** Entities that a task's completion removes (account deletion). */
  readonly removals: RemovalWatch;
}
