import { catchError, defer, map, type Observable, type SchedulerLike, switchMap, throwError } from 'rxjs';
import { ApiError, GatewayError, NetworkError, RateLimitError, type RequestInfo } from '../errors/apiError';
import { errorFromResponse } from '../errors/errorFromResponse';
import { type ScrubbedError, scrubError } from '../errors/redact';
import { ResponseTooLargeError } from '../errors/responseTooLargeError';
import { attemptTimeout } from './attemptTimeout';
import type { Cooldown } from './cooldown';
import { decodeSuccess, type RawResponse, type Send, utf8Length } from './request';
import type { RequestSpec } from './requestSpec';
import { parseRetryAfter } from './retryAfter';
import type { ResolvedRetryOptions } from './retryPolicy';
import { bearer, type TokenProvider } from './tokenProvider';

/** What every attempt of one client shares. */
export interface AttemptOptions {
  send: Send;
  tokens: TokenProvider;
  authorize: ((token: string) => Record<string, string>) | undefined;
  cooldown: Cooldown;
  scheduler: SchedulerLike;
  retry: ResolvedRetryOptions;
  environment: string | undefined;
  maxResponseBytes: number;
  /** Credentials besides the token that no error may show (userinfo of `baseUrl`). */
  secrets: readonly string[];
}

/** One call as the transport prepared it: the spec, its URL and redacted endpoint, its body's bytes. */
export interface Call<T> {
  readonly spec: RequestSpec<T>;
  readonly url: string;
  readonly endpoint: string;
  readonly body: string | undefined;
}

/**
 * One attempt of a call, as an Observable the transport's retry subscribes to again: wait out a
 * client-wide cooldown, take the token, send, decode, and turn every failure into a typed error (a
 * gateway 401 refreshes the token and goes once more). Support data is built only when an error is.
 */
export function createAttempt(options: AttemptOptions) {
  const { tokens, cooldown, scheduler, retry } = options;
  const authorize = options.authorize ?? bearer;

  return <T>(call: Call<T>): Observable<T> => {
    const { spec, endpoint } = call;
    const where = `${spec.method} ${endpoint}`;
    const timeoutMs = spec.timeoutMs ?? retry.timeoutMs;
    let refreshed = false;

    const info = (sentAt: number): RequestInfo => ({
      method: spec.method,
      endpoint,
      time: new Date(sentAt).toISOString(),
      environment: options.environment,
      resourceId: spec.resourceId,
    });

    /** The request with `token`, its reply decoded; every failure typed. */
    const send$ = (token: string): Observable<T> => {
      const sentAt = scheduler.now();
      const headers: Record<string, string> = { accept: 'application/json', ...authorize(token) };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      if (spec.idempotencyKey !== undefined) headers['idempotency-key'] = spec.idempotencyKey;
      const request = { method: spec.method, url: call.url, headers, body: call.body };
      return options.send({ ...request, maxResponseBytes: options.maxResponseBytes }).pipe(
        attemptTimeout(
          timeoutMs,
          scheduler,
          () =>
            new NetworkError(
              `${where} got no response within ${timeoutMs} ms. It is retried when safe; raise timeoutMs if the service is slow.`,
              { request: info(sentAt), timedOut: true },
            ),
        ),
        map((raw) => decode(raw, token, sentAt)),
        catchError((error: unknown) => failed(typed(error, token, sentAt), token)),
      );
    };

    const decode = (raw: RawResponse, token: string, sentAt: number): T => {
      // A custom `Send` may not count while reading; the limit holds for it all the same.
      if (utf8Length(raw.text, options.maxResponseBytes) > options.maxResponseBytes)
        throw new ResponseTooLargeError(options.maxResponseBytes, raw.status, where);
      if (raw.status >= 200 && raw.status < 300)
        return decodeSuccess(raw, spec.schema, () => info(sentAt), spec.check);
      const retryAfterMs =
        raw.status === 429 ? parseRetryAfter(raw.headers.get('retry-after'), scheduler.now()) : undefined;
      throw errorFromResponse(raw.status, raw.text, {
        request: info(sentAt),
        idempotencyKey: spec.idempotencyKey,
        retryAfterMs,
        secrets: [token, ...options.secrets],
      });
    };

    /** A failure as the error the caller sees: the service's typed answer, or a scrubbed NetworkError. */
    const typed = (error: unknown, token: string, sentAt: number): unknown => {
      if (error instanceof ApiError) return error;
      if (error instanceof ResponseTooLargeError)
        return new ResponseTooLargeError(error.limitBytes, error.status, where);
      const cause = scrubError(error, [token, ...options.secrets]);
      return new NetworkError(
        `${where} failed before a response arrived (${describeCause(cause)}). Check the network and baseUrl.`,
        { request: info(sentAt), cause },
      );
    };

    /** What a failure does beyond this call: a 429 holds every request back, a 401 refreshes the token. */
    const failed = (error: unknown, token: string): Observable<T> => {
      if (error instanceof RateLimitError) {
        // A 429 without a usable Retry-After still means "slow down": hold everyone back for the
        // same default wait that the retry of this call assumes.
        const waitMs = error.retryAfterMs ?? retry.defaultRetryAfterMs;
        if (waitMs <= retry.maxRetryAfterMs) cooldown.block(scheduler.now() + waitMs);
      }
      // A gateway 401 may mean the cached token expired: fetch a new one and try once more.
      if (error instanceof GatewayError && error.status === 401 && !refreshed) {
        refreshed = true;
        tokens.invalidate(token);
        return attempt$();
      }
      return throwError(() => error);
    };

    /** The token, fetched when none is cached; a failing getToken is a NetworkError, its cause scrubbed. */
    const withToken$ = (): Observable<T> => {
      const cached = tokens.peek();
      if (cached !== undefined) return send$(cached);
      return tokens.get().pipe(
        // The app's getToken failed: its error may carry what the token call was sent (an HTTP
        // client's request config with credentials), so it travels on only as a scrubbed copy.
        catchError((error: unknown) => {
          const cause = scrubError(error, options.secrets);
          return throwError(
            () =>
              new NetworkError(
                `${where} was not sent: getToken failed (${describeCause(cause)}). Check the token source.`,
                { request: info(scheduler.now()), cause },
              ),
          );
        }),
        switchMap(send$),
      );
    };

    // Built per subscription, so each retry looks at the cooldown and the token afresh.
    const attempt$ = (): Observable<T> =>
      cooldown.blocked() ? cooldown.wait().pipe(switchMap(withToken$)) : withToken$();

    return defer(attempt$);
  };
}

function describeCause(cause: ScrubbedError): string {
  return cause.cause ? `${cause.message}: ${cause.cause.code}` : cause.message;
}
