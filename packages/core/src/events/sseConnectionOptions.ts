import type { Observable } from 'rxjs';
import type { SseBackoffOptions } from './sseBackoff';
import type { SseMessage } from './sseParser';

/**
 * State of the event stream: `connecting` (first attempt), `open` (receiving), `reconnecting`
 * (waiting or retrying after a failure) or `closed` (not connected, or stopped for good).
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** An open server-sent events stream, reconnecting on its own until `close()`. */
export interface SseConnection {
  /** The current state. */
  readonly state: ConnectionState;
  /** The current state first, then each change. */
  readonly state$: Observable<ConnectionState>;
  /**
   * The last event id the stream set (a complete block's `id:`, with or without data; a bare `id`
   * clears it), sent as `Last-Event-ID` on reconnect.
   */
  readonly lastEventId: string | undefined;
  /** Aborts the stream and every timer; idempotent. */
  close(): void;
}

/**
 * Options of `createSseConnection`. Every optional field also takes `undefined` (its default), so a
 * caller can hand its own optional settings on as they are.
 */
export interface SseConnectionOptions {
  /** Called for each complete SSE message, in arrival order. A throwing handler is reported, not fatal. */
  onMessage: (message: SseMessage) => void;
  /** Failed attempts, fatal HTTP answers and handler errors. The connection decides by itself whether to retry. */
  onError?: ((error: unknown) => void) | undefined;
  /**
   * Called before every attempt, so a refreshed token is picked up on reconnect. Give it a cache
   * (the client passes its own token provider): it is not cached here.
   */
  getToken?: (() => string | Promise<string>) | undefined;
  /** Forgets a token the gateway refused (401); the attempt is then repeated once with a fresh one. */
  invalidateToken?: ((token: string) => void) | undefined;
  /** Headers that carry the token. @default `{ authorization: 'Bearer <token>' }` */
  authorize?: ((token: string) => Record<string, string>) | undefined;
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /** Resume point for the first attempt (later attempts use the last event id the stream set). */
  lastEventId?: string | undefined;
  /** Reconnect delays: the reconnection time (`retry:`), then exponential with jitter between failed attempts. */
  backoff?: SseBackoffOptions | undefined;
  /**
   * Time for a token and then for the response headers to arrive; past it the attempt is aborted,
   * reported and retried. 0: none. @default 30000
   */
  connectTimeoutMs?: number | undefined;
  /**
   * Longest silence of an open stream, heartbeat comments included, before it is dropped and
   * reopened from the last id: a half-open connection otherwise looks alive forever. The service
   * sends a heartbeat every 15 s. 0: none. @default 45000
   */
  idleTimeoutMs?: number | undefined;
  /** Goes into the support data of reported errors. */
  environment?: string | undefined;
  /** Jitter source, injectable for tests. @default Math.random */
  random?: (() => number) | undefined;
}

/** `connectTimeoutMs` when none is given. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
