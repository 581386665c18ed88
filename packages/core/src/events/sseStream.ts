import { BehaviorSubject, defer } from 'rxjs';
import { ApiError, GatewayError, NetworkError, type RequestInfo } from '../errors/apiError';
import { redactUrl, scrubError } from '../errors/redact';
import { MAX_TIMER_MS } from '../http/maxTimerMs';
import { parseRetryAfter } from '../http/retryAfter';
import { bearer } from '../http/tokenProvider';
import { toPromise } from '../http/toPromise';
import { createSseBackoff } from './sseBackoff';
import {
  type ConnectionState,
  DEFAULT_CONNECT_TIMEOUT_MS,
  type SseConnection,
  type SseConnectionOptions,
} from './sseConnectionOptions';
import { createSseParser, type SseMessage } from './sseParser';

// `tokenForAttempt`'s answer when there is no token to go on with (the failure is handled).
const NO_TOKEN = Symbol('no token');

// Statuses that a later attempt may get past. The standard fails the connection on any status but 200;
// the service's contract says to wait out a 429's Retry-After and try again, and a relay behind a
// gateway answers 502-504 while it restarts. Any other status is final.
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

/**
 * The stream behind `createSseConnection`, which loads this module on its first connection: the
 * fetch loop, the parser and the backoff are code an app that never connects does not load.
 */
export function openSseStream(url: string, options: SseConnectionOptions): SseConnection {
  const backoff = createSseBackoff(options.backoff, options.random);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  const authorize = options.authorize ?? bearer;
  const state$ = new BehaviorSubject<ConnectionState>('connecting');
  let lastEventId = options.lastEventId;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let refreshedToken = false;

  // A throwing onError must not end the reconnect loop it reports on.
  const report = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {}
  };
  const requestInfo = (): RequestInfo => ({
    method: 'GET',
    endpoint: redactUrl(url),
    time: new Date().toISOString(),
    environment: options.environment,
  });

  const parser = createSseParser({
    onId: (id) => {
      if (!closed) lastEventId = id === '' ? undefined : id;
    },
    onRetry: (ms) => backoff.setBase(ms),
    onSkipped: report,
    onEvent: (block) => {
      // Closed from a handler: the rest of the chunk being parsed is not delivered.
      if (closed) return;
      // Only a complete event moves the resume point: the id of one cut off before its blank line is
      // dropped with it, or the next Last-Event-ID would name an event never delivered.
      if (block.id !== undefined) lastEventId = block.id === '' ? undefined : block.id;
      deliver({ event: block.event, data: block.data, id: lastEventId });
    },
  });
  // A throwing handler is reported, not fatal.
  function deliver(message: SseMessage): void {
    try {
      options.onMessage(message);
    } catch (error) {
      report(error);
    }
  }

  const disarm = () => {
    if (watchdog !== undefined) clearTimeout(watchdog);
    watchdog = undefined;
  };
  /** Aborts `ac` unless re-armed or disarmed within `ms`; the abort surfaces where the attempt awaits. */
  const arm = (ms: number, ac: AbortController, onTimeout: () => void) => {
    disarm();
    if (!(ms > 0 && Number.isFinite(ms))) return;
    watchdog = setTimeout(
      () => {
        watchdog = undefined;
        onTimeout();
        ac.abort();
      },
      Math.min(ms, MAX_TIMER_MS),
    );
  };

  const scheduleReconnect = (atLeastMs = 0) => {
    if (closed) return;
    state$.next('reconnecting');
    timer = setTimeout(
      () => {
        timer = undefined;
        void attempt();
      },
      backoff.next(Date.now(), atLeastMs),
    );
  };

  const networkError = (message: string, error: unknown, timedOut: boolean, token: string | undefined) =>
    new NetworkError(message, {
      request: requestInfo(),
      ...(timedOut ? { timedOut } : { cause: scrubError(error, token === undefined ? [] : [token]) }),
    });

  /** One connection: a token, the request, the answer checked, the stream read to its end. */
  const attempt = async (): Promise<void> => {
    const ac = new AbortController();
    controller = ac;
    const token = await tokenForAttempt(ac);
    if (token === NO_TOKEN || closed) return;
    const response = await request(ac, token);
    if (!response) return;
    const body = streamOf(response, token);
    if (!body) return;
    await read(body, ac, token);
    // A stream that ends cleanly is reconnected too: relays close idle streams.
    if (!closed) scheduleReconnect();
  };

  /**
   * The token for this attempt (`undefined`: none configured); a failure to get one is reported and
   * retried. It has the connect deadline too: a getToken that never settles (a refresh stuck on a dead
   * socket) would otherwise hold the stream down for good, with nothing reported.
   */
  const tokenForAttempt = async (ac: AbortController): Promise<string | undefined | typeof NO_TOKEN> => {
    const { getToken } = options;
    if (!getToken) return undefined;
    let timedOut = false;
    arm(connectTimeoutMs, ac, () => {
      timedOut = true;
    });
    try {
      // Async: a getToken that answers at once gives a string, which `defer` would read char by char.
      return await toPromise(
        defer(async () => getToken()),
        ac.signal,
      );
    } catch (error) {
      if (closed) return NO_TOKEN;
      report(
        timedOut
          ? networkError(`No token came within ${connectTimeoutMs} ms; reconnecting.`, error, true, undefined)
          : error,
      );
      scheduleReconnect();
      return NO_TOKEN;
    } finally {
      disarm();
    }
  };

  /** Sends the request and waits for its headers, at most `connectTimeoutMs`; a failure is reported and retried. */
  const request = async (ac: AbortController, token: string | undefined): Promise<Response | undefined> => {
    let timedOut = false;
    arm(connectTimeoutMs, ac, () => {
      timedOut = true;
    });
    try {
      // Made here, so that headers that cannot be made (a throwing `authorize`) fail this attempt and
      // go through the backoff like any other failure. Only CORS-safelisted headers besides the
      // token's and Last-Event-ID, which the relay allows.
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (token !== undefined) Object.assign(headers, authorize(token));
      const resumeFrom = lastEventId === undefined ? undefined : utf8ByteString(lastEventId);
      // A control character is no header value (fetch throws, on every reconnect): not resumed then.
      if (resumeFrom !== undefined && !/^[\t\x20-\x7e\x80-\xff]*$/.test(resumeFrom)) {
        lastEventId = undefined;
        // What was published while the stream was down is not replayed: said as the relay says it.
        deliver({ event: 'gap', data: '', id: undefined });
        report(
          new TypeError(
            'The last event id holds a control character and cannot be sent back; the stream starts afresh.',
          ),
        );
      } else if (resumeFrom !== undefined) headers['Last-Event-ID'] = resumeFrom;
      const response = await (options.fetch ?? globalThis.fetch)(url, { headers, signal: ac.signal });
      disarm();
      return response;
    } catch (error) {
      if (closed) return undefined;
      disarm();
      report(
        timedOut
          ? networkError(
              `The event stream did not answer within ${connectTimeoutMs} ms; reconnecting.`,
              error,
              true,
              token,
            )
          : networkError('Could not reach the event stream; reconnecting.', error, false, token),
      );
      scheduleReconnect();
      return undefined;
    }
  };

  /** The body of an answer that is an event stream; any other answer is handled (`refused`) and gives none. */
  const streamOf = (
    response: Response,
    token: string | undefined,
  ): ReadableStream<Uint8Array> | undefined => {
    // Only 200 is a stream, as the standard says: a 205 or a 299 is not, whatever its body.
    if (closed || response.status !== 200 || !response.body) {
      void response.body?.cancel().catch(() => {});
      if (!closed) refused(response, token);
      return undefined;
    }
    const contentType = response.headers.get('content-type') ?? '';
    // The MIME type's essence, so `text/event-stream;charset=…` (ignored: the stream is UTF-8) passes
    // and `text/event-streams` does not.
    if ((contentType.split(';', 1)[0] ?? '').trim().toLowerCase() !== 'text/event-stream') {
      void response.body.cancel().catch(() => {});
      report(
        new ApiError(
          `Event stream answered ${contentType || 'no content type'}; not reconnecting.`,
          httpError(response),
        ),
      );
      finish();
      return undefined;
    }
    return response.body;
  };

  /** Feeds the stream to the parser until it ends, breaks, or falls silent for `idleTimeoutMs`. */
  const read = async (body: ReadableStream, ac: AbortController, token: string | undefined) => {
    refreshedToken = false;
    state$.next('open');
    backoff.opened(Date.now());
    parser.reset();
    // UTF-8 whatever the charset says, with the one leading byte order mark stripped: the standard's decode.
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let idle = false;
    const armIdle = () =>
      arm(idleTimeoutMs, ac, () => {
        idle = true;
      });
    try {
      for (armIdle(); ; armIdle()) {
        const { done, value } = await reader.read();
        if (done || closed) break;
        parser.feed(value);
      }
    } catch (error) {
      if (closed) return;
      ac.abort();
      report(
        idle
          ? networkError(
              `The event stream sent nothing for ${idleTimeoutMs} ms; reconnecting.`,
              error,
              true,
              token,
            )
          : networkError('The event stream broke off; reconnecting.', error, false, token),
      );
    } finally {
      disarm();
      reader.releaseLock();
    }
  };

  /** An answer other than a 200 with a body: retry, refresh the token once, or stop, as the status says. */
  const refused = (response: Response, token: string | undefined): void => {
    // 204 is the SSE way for a server to say "stop reconnecting".
    if (response.status === 204) {
      finish();
      return;
    }
    // A 200 without a body is a stream that ended at once.
    if (RETRYABLE_STATUS.has(response.status) || response.status === 200) {
      report(new ApiError(`Event stream answered ${response.status}; reconnecting.`, httpError(response)));
      scheduleReconnect(retryAfterMs(response));
      return;
    }
    if (response.status === 401 && token !== undefined && options.invalidateToken && !refreshedToken) {
      // One fresh token per refusal, as the client does for requests; a second 401 is final.
      refreshedToken = true;
      options.invalidateToken(token);
      void attempt();
      return;
    }
    const ErrorClass = response.status === 401 || response.status === 403 ? GatewayError : ApiError;
    report(
      new ErrorClass(
        response.ok
          ? `Event stream answered ${response.status} rather than 200; not reconnecting.`
          : `Event stream refused with ${response.status}; not reconnecting.`,
        httpError(response),
      ),
    );
    finish();
  };

  function httpError(response: Response) {
    return { status: response.status, request: requestInfo() };
  }

  function finish() {
    closed = true;
    state$.next('closed');
    state$.complete();
  }

  void attempt();

  return {
    get state() {
      return state$.getValue();
    },
    state$: state$.asObservable(),
    get lastEventId() {
      return lastEventId;
    },
    close() {
      if (closed) return;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      disarm();
      controller?.abort();
      finish();
    },
  };
}

/**
 * `Last-Event-ID` as the standard sends it: the id's UTF-8 bytes. A `fetch` header value is a
 * ByteString, one character per byte, so each byte goes as the character of that code: an id with a
 * character past U+00FF would otherwise make every reconnect throw, and one like `café` would go out
 * in Latin-1.
 */
function utf8ByteString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let bytes = '';
  for (const byte of new TextEncoder().encode(text)) bytes += String.fromCharCode(byte);
  return bytes;
}

/** `Retry-After` as delay-seconds or an HTTP-date; 0 when absent or unreadable. Waited out in full. */
function retryAfterMs(response: Response): number {
  return parseRetryAfter(response.headers.get('retry-after'), Date.now()) ?? 0;
}
