import { asyncScheduler, defer, type Observable, type SchedulerLike, throwError } from 'rxjs';
import { userinfoSecrets } from '../errors/redact';
import { createAttempt } from './attempt';
import { checkedNumber } from './checkedNumber';
import { createCooldown } from './cooldown';
import { createIdempotencyRegistry } from './idempotency';
import type { Send } from './request';
import type { RequestSpec } from './requestSpec';
import { createRetryBudget } from './retryBudget';
import { type ResolvedRetryOptions, retryDelay } from './retryPolicy';
import type { TokenProvider } from './tokenProvider';

export type { HttpMethod, RequestSpec } from './requestSpec';

export interface TransportOptions {
  baseUrl: string;
  send: Send;
  tokens: TokenProvider;
  retry: ResolvedRetryOptions;
  environment?: string | undefined;
  scheduler?: SchedulerLike | undefined;
  random?: (() => number) | undefined;
  /** Headers carrying the token. @default `{ authorization: 'Bearer <token>' }` */
  authorize?: ((token: string) => Record<string, string>) | undefined;
  /** Longest response body read, success or error. @default 8 MiB */
  maxResponseBytes?: number | undefined;
}

export interface Transport {
  /** Cold: nothing is sent until subscription; unsubscribing aborts the attempt and every timer. */
  request<T, R = T>(spec: RequestSpec<T, R>): Observable<R>;
}

/** Default `maxResponseBytes`: far above any entity or history list, far below what hurts a tab. */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * The client's HTTP calls: one attempt after another (see `createAttempt`) under the retry rules of
 * the spec, with a client-wide cooldown after a 429, a retry budget, and one body per idempotency key.
 */
export function createTransport(options: TransportOptions): Transport {
  const scheduler = options.scheduler ?? asyncScheduler;
  const random = options.random ?? Math.random;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { retry } = options;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes < 1)
    throw new TypeError(`maxResponseBytes must be a positive whole number, got ${String(maxResponseBytes)}`);
  const keys = createIdempotencyRegistry();
  const budget = retry.budget === false ? undefined : createRetryBudget(retry.budget);
  const attempt = createAttempt({
    send: options.send,
    tokens: options.tokens,
    authorize: options.authorize,
    cooldown: createCooldown(scheduler),
    scheduler,
    retry,
    environment: options.environment,
    maxResponseBytes,
    // userinfo in baseUrl is a credential: scrubbed, as the token is, from anything an error shows.
    secrets: userinfoSecrets(options.baseUrl),
    budget,
  });

  return {
    request<T, R = T>(spec: RequestSpec<T, R>): Observable<R> {
      // A call's own timeout, checked as the client's is (an error of the call, not a throw at it).
      if (spec.timeoutMs !== undefined)
        try {
          checkedNumber('timeoutMs', spec.timeoutMs, 0, 1);
        } catch (error) {
          return throwError(() => error);
        }
      const url = buildUrl(baseUrl, spec.path, spec.query);
      const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
      const resendable = spec.method === 'GET' || spec.idempotencyKey !== undefined;
      const attempts = attempt({
        spec,
        url,
        body,
        maxAttempts: retry.maxAttempts,
        retryDelay: (error, n) => retryDelay(error, n, { options: retry, random, budget, resendable }),
      });
      const key = spec.idempotencyKey;
      // The key is claimed when the call starts, not when it is described: a call never made claims nothing.
      return key === undefined
        ? attempts
        : defer(() => {
            keys.claim(key, body ?? '');
            return attempts;
          });
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
