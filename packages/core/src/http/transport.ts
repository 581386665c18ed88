import {
  asyncScheduler,
  catchError,
  defer,
  map,
  type Observable,
  type SchedulerLike,
  switchMap,
  throwError,
} from 'rxjs';
import type { $ZodType } from 'zod/v4/core';
import { ApiError, GatewayError, NetworkError, RateLimitError, type RequestInfo } from '../errors/apiError';
import { errorFromResponse } from '../errors/errorFromResponse';
import { redactUrl, type ScrubbedError, scrubError, userinfoSecrets } from '../errors/redact';
import { ResponseTooLargeError } from '../errors/responseTooLargeError';
import { attemptTimeout } from './attemptTimeout';
import { createCooldown } from './cooldown';
import { createInFlight } from './dedupe';
import { createIdempotencyRegistry } from './idempotency';
import { decodeSuccess, type RawResponse, type Send, utf8Length } from './request';
import { parseRetryAfter } from './retryAfter';
import { createRetryBudget } from './retryBudget';
import { type ResolvedRetryOptions, retryDelay, retryWithPolicy } from './retryPolicy';
import type { TokenProvider } from './tokenProvider';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One logical call; the transport turns it into one or more attempts. */
export interface RequestSpec<T> {
  method: HttpMethod;
  path: string;
  query?: Readonly<Record<string, string | number>>;
  /** Serialised once: every attempt of the call sends the same bytes. */
  body?: unknown;
  /** Sent as `Idempotency-Key`; makes the call safe to resend after a network error or 5xx. */
  idempotencyKey?: string;
  /** Goes into support data. */
  resourceId?: string;
  /** Validates the 2xx body. */
  schema: $ZodType<T>;
  /** Timeout of each attempt of this call; overrides `retry.timeoutMs`. */
  timeoutMs?: number | undefined;
  /**
   * `false`: a GET that never joins an identical one in flight, which may have started before a
   * write this caller must see (the refetch after a 409). @default true
   */
  shared?: boolean | undefined;
}

export interface TransportOptions {
  baseUrl: string;
  send: Send;
  tokens: TokenProvider;
  retry: ResolvedRetryOptions;
  environment?: string | undefined;
  scheduler?: SchedulerLike | undefined;
  random?: (() => number) | undefined;
  /** Headers carrying the token. @default `{ Authorization: 'Bearer <token>' }` */
  authorize?: ((token: string) => Record<string, string>) | undefined;
  /** Longest response body read, success or error. @default 8 MiB */
  maxResponseBytes?: number | undefined;
}

export interface Transport {
  /** Cold: nothing is sent until subscription; unsubscribing aborts the attempt and every timer. */
  request<T>(spec: RequestSpec<T>): Observable<T>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Default `maxResponseBytes`: far above any entity or history list, far below what hurts a tab. */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export function createTransport(options: TransportOptions): Transport {
  const scheduler = options.scheduler ?? asyncScheduler;
  const random = options.random ?? Math.random;
  const authorize = options.authorize ?? bearer;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { retry } = options;
  const cooldown = createCooldown(scheduler);
  const inFlight = createInFlight();
  const keys = createIdempotencyRegistry();
  const budget = retry.budget === false ? undefined : createRetryBudget(retry.budget);
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes < 1)
    throw new TypeError(`maxResponseBytes must be a positive whole number, got ${String(maxResponseBytes)}`);
  // userinfo in baseUrl is a credential: scrubbed, as the token is, from anything an error shows.
  const baseSecrets = userinfoSecrets(options.baseUrl);

  function execute<T>(spec: RequestSpec<T>, url: string, endpoint: string): Observable<T> {
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    if (spec.idempotencyKey !== undefined) keys.claim(spec.idempotencyKey, body ?? '');
    const resendable = spec.method === 'GET' || spec.idempotencyKey !== undefined;
    const timeoutMs = spec.timeoutMs ?? retry.timeoutMs;
    let refreshed = false;

    const info = (): RequestInfo => ({
      method: spec.method,
      endpoint,
      time: new Date(scheduler.now()).toISOString(),
      environment: options.environment,
      resourceId: spec.resourceId,
    });

    const attempt$: Observable<T> = cooldown.wait().pipe(
      switchMap(() =>
        // The app's getToken failed: its error may carry what the token call was sent (an HTTP
        // client's request config with credentials), so it travels on only as a scrubbed copy.
        options.tokens.get().pipe(
          catchError((error: unknown) => {
            const cause = scrubError(error, baseSecrets);
            return throwError(
              () =>
                new NetworkError(
                  `${spec.method} ${endpoint} was not sent: getToken failed (${describeCause(cause)}). Check the token source.`,
                  { request: info(), cause },
                ),
            );
          }),
        ),
      ),
      switchMap((token) => {
        const request = info();
        const headers: Record<string, string> = { accept: 'application/json', ...authorize(token) };
        if (body !== undefined) headers['content-type'] = 'application/json';
        if (spec.idempotencyKey !== undefined) headers['idempotency-key'] = spec.idempotencyKey;
        return options.send({ method: spec.method, url, headers, body, maxResponseBytes }).pipe(
          attemptTimeout(
            timeoutMs,
            scheduler,
            () =>
              new NetworkError(
                `${spec.method} ${endpoint} got no response within ${timeoutMs} ms. It is retried when safe; raise timeoutMs if the service is slow.`,
                { request, timedOut: true },
              ),
          ),
          catchError((error: unknown) => {
            if (error instanceof ApiError) return throwError(() => error);
            if (error instanceof ResponseTooLargeError) {
              const where = `${spec.method} ${endpoint}`;
              return throwError(() => new ResponseTooLargeError(error.limitBytes, error.status, where));
            }
            const cause = scrubError(error, [token, ...baseSecrets]);
            return throwError(
              () =>
                new NetworkError(
                  `${spec.method} ${endpoint} failed before a response arrived (${describeCause(cause)}). Check the network and baseUrl.`,
                  { request, cause },
                ),
            );
          }),
          map((raw) => decode(raw, spec, request, token)),
          catchError((error: unknown) => {
            if (error instanceof RateLimitError) {
              // A 429 without a usable Retry-After still means "slow down": hold everyone back for
              // the same default wait that the retry of this call assumes.
              const waitMs = error.retryAfterMs ?? retry.defaultRetryAfterMs;
              if (waitMs <= retry.maxRetryAfterMs) cooldown.block(scheduler.now() + waitMs);
            }
            // A gateway 401 may mean the cached token expired: fetch a new one and try once more.
            if (error instanceof GatewayError && error.status === 401 && !refreshed) {
              refreshed = true;
              options.tokens.invalidate(token);
              return attempt$;
            }
            return throwError(() => error);
          }),
        );
      }),
    );

    const decide = (error: unknown, n: number) =>
      retryDelay(error, n, { options: retry, random, budget, resendable });
    return attempt$.pipe(
      retryWithPolicy(decide, retry.maxAttempts, scheduler),
      // `map` rather than `tap` here, in dedupe and in reconcileWrite: the initial load then does
      // without rxjs's tap (0.1 kB gzip; it stays in the polling engine's lazy chunk).
      map((value) => {
        budget?.onSuccess();
        return value;
      }),
    );
  }

  function decode<T>(raw: RawResponse, spec: RequestSpec<T>, request: RequestInfo, token: string): T {
    // A custom `Send` may not count while reading; the limit holds for it all the same.
    if (utf8Length(raw.text, maxResponseBytes) > maxResponseBytes)
      throw new ResponseTooLargeError(maxResponseBytes, raw.status, `${spec.method} ${request.endpoint}`);
    if (raw.status >= 200 && raw.status < 300) return decodeSuccess(raw, spec.schema, request);
    const retryAfterMs =
      raw.status === 429 ? parseRetryAfter(raw.headers.get('retry-after'), scheduler.now()) : undefined;
    throw errorFromResponse(raw.status, raw.text, {
      request,
      idempotencyKey: spec.idempotencyKey,
      retryAfterMs,
      secrets: [token, ...baseSecrets],
    });
  }

  return {
    request<T>(spec: RequestSpec<T>): Observable<T> {
      const url = buildUrl(baseUrl, spec.path, spec.query);
      // Support data wants the endpoint: path and query, with any base path, without the origin.
      const endpoint = redactUrl(url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ''));
      const call = defer(() => execute(spec, url, endpoint));
      // Identical GETs in flight at the same time share one request (Limits 2: no needless bursts).
      return spec.method === 'GET' && spec.shared !== false ? inFlight.share(`GET ${url}`, call) : call;
    },
  };
}

function queryString(query: RequestSpec<unknown>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function buildUrl(baseUrl: string, path: string, query: RequestSpec<unknown>['query']): string {
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${queryString(query)}`;
}

function describeCause(cause: ScrubbedError): string {
  return cause.cause ? `${cause.message}: ${cause.cause.code}` : cause.message;
}
