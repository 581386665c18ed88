import { BehaviorSubject, type Observable } from 'rxjs';
import type { EntityStore } from '../store/types';
import { createDefaultEventRegistry } from './defaultEventRegistry';
import { createEventIngest, type EventIngest } from './eventIngest';
import type { EventRegistry } from './eventRegistry';
import type { SseBackoffOptions } from './sseBackoff';
import { createSseConnection } from './sseConnection';
import type { ConnectionState, SseConnection } from './sseConnectionOptions';

/**
 * Options of `createClientEvents`, for event ingestion over a store without a client. A client
 * makes its own (`getClientEvents(client)`) from its options; this is for a store used on its own.
 */
export interface ClientEventsOptions {
  /** The store that validated payloads are applied to (origin `event`). */
  store: EntityStore;
  /** @default createDefaultEventRegistry() */
  registry?: EventRegistry | undefined;
  /** @default [1] */
  supportedMajors?: readonly number[] | undefined;
  /** A `connect` URL without a scheme is a path under it (`/events` → `<baseUrl>/events`), as request paths are. */
  baseUrl?: string | undefined;
  /** Token for the relay connection, sent as `Authorization` (never in the URL). @default no token */
  getToken?: (() => string | Promise<string>) | undefined;
  /** Forgets a token the gateway refused, so the next `getToken` brings a fresh one. */
  invalidateToken?: ((token: string) => void) | undefined;
  /** Headers that carry the token. @default `{ authorization: 'Bearer <token>' }` */
  authorize?: ((token: string) => Record<string, string>) | undefined;
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /** Goes into the support data of stream errors. */
  environment?: string | undefined;
  /** Reconnect delays of `connect`; `ConnectOptions.backoff` overrides them per connection. */
  backoff?: SseBackoffOptions | undefined;
  /** See `SseConnectionOptions.connectTimeoutMs`. @default 30000 */
  connectTimeoutMs?: number | undefined;
  /** See `SseConnectionOptions.idleTimeoutMs`. @default 45000 */
  idleTimeoutMs?: number | undefined;
  /** Stream failures and payloads that threw in `ingest`; the stream keeps going. @default no-op */
  onError?: ((error: unknown) => void) | undefined;
  /**
   * Called before a `*.created` event's entity is applied, so the lists it matches take it in at
   * their end (a client's events pass its read cache's). @default no-op
   */
  created?: ((type: string, id: string) => void) | undefined;
  /** Default for `ConnectOptions.onGap`. */
  onGap?: (() => void) | undefined;
}

/** Options of one `getClientEvents(client).connect(url)` call. */
export interface ConnectOptions {
  /** Resume point for the first request, e.g. kept from a previous page. */
  lastEventId?: string;
  /** Reconnect delays of this connection. @default the client's `events.backoff` */
  backoff?: SseBackoffOptions;
  /**
   * The relay could not replay everything since the last event id (its buffer moved on). Events
   * were lost, so refetch what the page shows. @default no-op
   */
  onGap?: () => void;
}

/**
 * A client's events (`getClientEvents(client)`): webhook ingestion plus a relay connection, with
 * state a UI can show.
 */
export interface ClientEvents extends EventIngest {
  /**
   * Streams the relay's webhook payloads (SSE) into `ingest`, reconnecting with backoff and
   * `Last-Event-ID`. Returns a function that disconnects and stops every timer. The stream's code
   * is loaded on the first call (a dynamic import, so an app that never connects does not load it);
   * the state is `connecting` from the call on.
   */
  connect(url: string, options?: ConnectOptions): () => void;
  /** State of the most recent connection; `closed` when none is open. */
  getConnectionState(): ConnectionState;
  /** `getConnectionState()` as an Observable: the current state first, then each change. */
  readonly connectionState$: Observable<ConnectionState>;
  /**
   * The last event id the most recent connection's stream set (by a complete block's `id:`, with or
   * without data; a bare `id` clears it): where it resumes.
   */
  getLastEventId(): string | undefined;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;
const joinPath = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/**
 * Event ingestion and the SSE relay connection over a store: what `getClientEvents(client)` gives,
 * for a store used without a client (a worker, a test). Payloads are validated against the
 * registry, and their entities offered to the store through the version gate.
 */
export function createClientEvents(options: ClientEventsOptions): ClientEvents {
  const ingest = createEventIngest(options.store, {
    registry: options.registry ?? createDefaultEventRegistry(),
    supportedMajors: options.supportedMajors,
    created: options.created,
  });
  const connectionState = new BehaviorSubject<ConnectionState>('closed');
  const onError = options.onError ?? (() => {});
  let current: SseConnection | undefined;

  const onMessage = (data: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      ingest.reportIgnored('invalid-json');
      return;
    }
    // UnsupportedSchemaVersionError surfaces through onError; one unreadable payload must not end the stream.
    ingest.ingest(payload);
  };

  return {
    ...ingest,
    getConnectionState: () => connectionState.getValue(),
    connectionState$: connectionState.asObservable(),
    getLastEventId: () => current?.lastEventId,
    connect(url, connectOptions = {}) {
      const resolved = options.baseUrl && !ABSOLUTE.test(url) ? joinPath(options.baseUrl, url) : url;
      const backoff = connectOptions.backoff ?? options.backoff;
      const connection = createSseConnection(resolved, {
        onMessage: (message) => {
          // Named events are the relay's own signals; webhook payloads come as plain messages.
          if (message.event === 'gap') (connectOptions.onGap ?? options.onGap)?.();
          else if (message.event === undefined || message.event === 'message') onMessage(message.data);
        },
        onError,
        getToken: options.getToken,
        invalidateToken: options.invalidateToken,
        authorize: options.authorize,
        connectTimeoutMs: options.connectTimeoutMs,
        idleTimeoutMs: options.idleTimeoutMs,
        fetch: options.fetch,
        environment: options.environment,
        backoff,
        lastEventId: connectOptions.lastEventId,
      });
      current = connection;
      // Only the most recent connection shows its state: an older one closing must not read as ours.
      const subscription = connection.state$.subscribe((state) => {
        if (current === connection && connectionState.getValue() !== state) connectionState.next(state);
      });
      return () => {
        connection.close();
        subscription.unsubscribe();
      };
    },
  };
}
