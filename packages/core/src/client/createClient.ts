import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { fetchSend, type Send } from '../http/request';
import { type ResolvedRetryOptions, type RetryOptions, resolveRetryOptions } from '../http/retryPolicy';
import { createTokenProvider, type GetToken } from '../http/tokenProvider';
import { createTransport } from '../http/transport';
import { type AccountClient, createAccountClient } from '../reads/accountClient';
import { createEntityView } from '../reads/entityView';
import { createReadCache } from '../reads/readCache';
import { linkPart, type ReadContext } from '../reads/readContext';
import { createResourceClient, type ResourceClient, type ResourceClientOf } from '../reads/resourceClient';
import { createTaskClient, type TaskClient } from '../reads/taskClient';
import { checkDefinition } from '../resources/checkDefinition';
import type { ResourceDefinition } from '../resources/defineResource';
import { spendControls } from '../resources/spendControls';
import { createEntityStore } from '../store/entityStore';
import type { EntityStore } from '../store/types';
import { type EventClientOptions, eventConfigs } from './eventConfig';

/**
 * Options of `createClient`. Only `baseUrl` and `getToken` are required; the rest have defaults fit
 * for a browser app, and `scheduler`, `random` and `send` exist so tests can make time and the
 * network deterministic.
 */
export interface ClientOptions {
  /** The service's base address, e.g. `https://api.example.com`. */
  baseUrl: string;
  /** Called lazily and cached; concurrent callers share one call; a gateway 401 refreshes it once. */
  getToken: GetToken;
  /** @default globalThis.fetch, looked up per request */
  fetch?: typeof fetch;
  /**
   * The store every read and write goes through; exposed as `client.store`.
   * @default a new `createEntityStore()`
   */
  store?: EntityStore;
  /** Goes into support data (`supportInfo().environment`). */
  environment?: string;
  /**
   * Bounds of the retries of every request: attempts, backoff, per-attempt timeout, retry budget.
   * @default see `RetryOptions` (5 attempts, 30 s per attempt, Retry-After honoured up to 60 s)
   */
  retry?: RetryOptions;
  /**
   * Default `maxAgeMs` of latest reads: an entity the service confirmed within it is served from
   * the store without a request. @default 0 (always ask)
   */
  maxAgeMs?: number;
  /** Headers that carry the token. @default `{ authorization: 'Bearer <token>' }` */
  authorize?: (token: string) => Record<string, string>;
  /** Source of jitter in [0, 1). @default Math.random */
  random?: () => number;
  /** Schedules every wait (retries, cooldown, timeouts, polling); a `TestScheduler` in tests. @default asyncScheduler */
  scheduler?: SchedulerLike;
  /** Replaces the fetch boundary with an Observable one (tests, custom transports). */
  send?: Send;
  /**
   * Options of the client's events (`getClientEvents(client)`): registry, backoff and timeouts of the
   * event stream, error and gap handlers.
   */
  events?: EventClientOptions;
  /**
   * Longest response body the client reads, success or error, counted while it streams in. A longer
   * one ends the call with `ResponseTooLargeError` (not retried, nothing stored).
   * @default 8388608 (8 MiB)
   */
  maxResponseBytes?: number;
}

/**
 * A vstore client: the built-in resources (`spendControls`, `accounts`, `tasks`) and
 * `resource(definition)` for your own, all over one transport (token, retries, budget) and one
 * versioned `store`. Made by `createClient`; create one per app and share it (a provider or plugin).
 * What only some apps use takes the client as an argument, so other apps do not ship it: webhook
 * events (`getClientEvents(client)`) and server rendering (`dehydrate(client)`, `hydrate(client, snapshot)`).
 */
export interface Client {
  /** The versioned store every read, write and event of this client goes through. */
  readonly store: EntityStore;
  /** Spend controls: versioned, updatable `name`, `status`, `limit` and `interval`, with history and lists. */
  readonly spendControls: ResourceClientOf<typeof spendControls>;
  /** Accounts: read, and delete (which runs as a task). */
  readonly accounts: AccountClient;
  /** Tasks: read one, poll it until a terminal status, or wait for its completion. */
  readonly tasks: TaskClient;
  /**
   * A client for a resource described with `defineResource`, sharing this client's transport and
   * store; the same object every time for the same definition.
   */
  resource<TEntity extends object, TUpdateKey extends string, TCreate>(
    definition: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
  ): ResourceClient<TEntity, TUpdateKey, TCreate>;
  /** The resolved retry bounds, for display and diagnostics. */
  readonly retryOptions: Readonly<ResolvedRetryOptions>;
}

/**
 * Creates a client for a vstore service. Nothing is requested until you call a method; the token is
 * asked for on the first request, then cached (and refreshed once when the gateway answers 401).
 *
 * @example
 * ```ts
 * import { createClient } from '@vstore/core';
 *
 * const client = createClient({
 *   baseUrl: 'http://127.0.0.1:8080',
 *   getToken: async () => 'dev-token',
 * });
 * const control = await client.spendControls.get('sc_1');
 * await client.spendControls.update(control.spend_control_id, { status: 'paused' });
 * ```
 */
export function createClient(options: ClientOptions): Client {
  checkBaseUrl(options.baseUrl);
  if (typeof options.getToken !== 'function') throw new TypeError('getToken must be a function');
  const scheduler = options.scheduler ?? asyncScheduler;
  const retry = resolveRetryOptions(options.retry);
  const store = options.store ?? createEntityStore();
  // The one token cache of the client, shared by its requests and its event stream.
  const tokens = createTokenProvider(options.getToken, () => scheduler.now());
  const transport = createTransport({
    baseUrl: options.baseUrl,
    send: options.send ?? fetchSend(options.fetch),
    tokens,
    retry,
    environment: options.environment,
    scheduler,
    random: options.random,
    authorize: options.authorize,
    maxResponseBytes: options.maxResponseBytes,
  });
  const reads = createReadCache({ now: () => scheduler.now() });
  const ctx: ReadContext = {
    transport,
    store,
    scheduler,
    environment: options.environment,
    maxAgeMs: options.maxAgeMs ?? 0,
    reads,
    ledger: reads.ledger,
    view: createEntityView(store, reads),
    definitions: new Map(),
  };
  eventConfigs.set(ctx, {
    baseUrl: options.baseUrl,
    tokens,
    authorize: options.authorize,
    fetch: options.fetch,
    options: options.events,
  });
  // One resource client per definition, so observers and hooks keyed by it share their requests.
  const resources = new WeakMap<object, ResourceClient<object, string, never>>();
  return linkPart<Client>(
    {
      store,
      spendControls: createResourceClient(spendControls, ctx),
      accounts: createAccountClient(ctx),
      tasks: createTaskClient(ctx),
      resource<TEntity extends object, TUpdateKey extends string, TCreate>(
        definition: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
      ) {
        let made = resources.get(definition) as ResourceClient<TEntity, TUpdateKey, TCreate> | undefined;
        if (!made) {
          made = createResourceClient(checkDefinition(definition), ctx);
          resources.set(definition, made as unknown as ResourceClient<object, string, never>);
        }
        return made;
      },
      retryOptions: retry,
    },
    { ctx },
  );
}

/**
 * Paths are appended to `baseUrl`, so it must be an http(s) URL (relative to the page in a browser)
 * with no query or fragment, which would swallow them.
 */
function checkBaseUrl(baseUrl: unknown): void {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl as string, (globalThis as { location?: { href: string } }).location?.href);
  } catch {}
  if (typeof baseUrl !== 'string' || !/^https?:$/.test(url?.protocol ?? '') || /[?#]/.test(baseUrl))
    // The value is not shown: it may carry credentials (userinfo).
    throw new TypeError('baseUrl must be an http(s) URL with no query or fragment');
}
