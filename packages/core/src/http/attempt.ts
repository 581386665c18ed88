import { Observable, type SchedulerLike, type Subscriber, type Subscription } from 'rxjs';
import {
  ApiError,
  GatewayError,
  IdempotencyInProgressError,
  NetworkError,
  RateLimitError,
  type RequestInfo,
} from '../errors/apiError';
import { errorFromResponse } from '../errors/errorFromResponse';
import { redactUrl, type ScrubbedError, scrubError } from '../errors/redact';
import { ResponseTooLargeError } from '../errors/responseTooLargeError';
import type { Cooldown } from './cooldown';
import { createDeadlines, type Deadline } from './deadlines';
import { MAX_TIMER_MS } from './maxTimerMs';
import { methodObserver } from './methodObserver';
import { decodeSuccess, type RawResponse, type Send, utf8Length } from './request';
import type { RequestSpec } from './requestSpec';
import { parseRetryAfter } from './retryAfter';
import type { RetryBudget } from './retryBudget';
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
  /** The client-wide retry budget, refilled by each success. */
  budget: RetryBudget | undefined;
}

/** One call as the transport prepared it: the spec, its URL, its body's bytes, and its retry rule. */
export interface Call<T, R = T> {
  readonly spec: RequestSpec<T, R>;
  readonly url: string;
  readonly body: string | undefined;
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** The wait before retry number `retry` (1 for the second attempt) after `error`, or `undefined` to stop. */
  readonly retryDelay: (error: unknown, retry: number) => number | undefined;
}

type Shared = AttemptOptions & {
  readonly headersFor: (token: string) => Record<string, string>;
  /** What no error may show: `token` and the client's other credentials (made once per token). */
  readonly secretsFor: (token: string) => readonly string[];
  readonly deadlines: ReturnType<typeof createDeadlines>;
};

/**
 * A call as an Observable: each attempt waits out a client-wide cooldown, takes the token, sends,
 * decodes, and turns every failure into a typed error (a gateway 401 refreshes the token and goes
 * once more); a failure the call's retry rule allows is tried again after its wait, on the client's
 * scheduler. One object does the steps of every attempt, so a call that succeeds allocates little
 * (no retry operator, timer or subscriber chain of its own); support data is built only when an
 * error is.
 */
export function createAttempt(options: AttemptOptions): <T, R>(call: Call<T, R>) => Observable<R> {
  const authorize = options.authorize ?? bearer;
  // Every request of a token sends the same headers: made once per token, not per request.
  let headers: { token: string; value: Record<string, string> } | undefined;
  let secrets: { token: string; value: readonly string[] } | undefined;
  const shared: Shared = {
    ...options,
    headersFor(token) {
      if (headers?.token !== token)
        headers = { token, value: { accept: 'application/json', ...authorize(token) } };
      return headers.value;
    },
    secretsFor(token) {
      // What `authorize` makes of the token (`Basic base64(id:token)`) is a credential too.
      if (secrets?.token !== token)
        secrets = {
          token,
          value: [token, ...Object.values(authorize(token)).flatMap(withoutScheme), ...options.secrets],
        };
      return secrets.value;
    },
    deadlines: createDeadlines(options.scheduler),
  };
  return <T, R>(call: Call<T, R>) => {
    const state: CallState<T, R> = { call, refreshed: false, open: false, endpoint: undefined };
    return new Observable<R>((subscriber) => {
      const run = new AttemptRun(shared, state, subscriber);
      run.start();
      // The run itself is the teardown (its `unsubscribe`): no closure per call.
      return run;
    });
  };
}

/** A header value, and the same without its scheme word (`Basic …`): either may be echoed. */
const withoutScheme = (value: string) => [value, value.slice(value.indexOf(' ') + 1)];

/** What outlives one attempt of a call: whether the token was refreshed, the redacted endpoint. */
interface CallState<T, R> {
  readonly call: Call<T, R>;
  refreshed: boolean;
  /**
   * Whether an attempt may have been applied: one was sent and got no answer that refused it (a 4xx
   * refuses; no answer, a 5xx or a 2xx leave it open). Until then nothing the call asks can be applied.
   */
  open: boolean;
  endpoint: string | undefined;
}

/** Support data wants the endpoint: path and query, with any base path, without the origin; redacted. */
const endpointOf = <T, R>(state: CallState<T, R>) =>
  (state.endpoint ??= redactUrl(state.call.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')));

/**
 * The steps of one call's attempts. It is also the observer of each send, the deadline the client
 * watches for it, and the call's teardown (methods rather than closures: thousands of reads may be in
 * flight at once).
 */
class AttemptRun<T, R> implements Deadline {
  private inner: Subscription | undefined;
  private stopped = false;
  /** Retries made so far (attempts after the first). */
  private retries = 0;
  // The attempt in flight: its token, when it was sent, whether it was answered, and its deadline.
  private token = '';
  private sentAt = 0;
  private answered = false;
  /** Sends made so far: a send that starts inside another (a token refresh) has a later number. */
  private sends = 0;
  /** Whether the deadline watched is the token's: getToken has not answered yet. */
  private awaitingToken = false;
  at = 0;

  constructor(
    private readonly shared: Shared,
    private readonly state: CallState<T, R>,
    private readonly subscriber: Subscriber<R>,
  ) {}

  /** Waits out a client-wide cooldown (after a 429) when one is in force, then goes on. */
  start(): void {
    if (this.shared.cooldown.blocked())
      this.hold(this.shared.cooldown.wait().subscribe(() => this.withToken()));
    else this.withToken();
  }

  /** Stops the call: the subscriber left (rxjs calls this as the Observable's teardown). */
  unsubscribe(): void {
    this.stopped = true;
    this.inner?.unsubscribe();
    this.shared.deadlines.cancel(this);
  }

  /**
   * The cached token, or one fetch of it; a failing getToken is a NetworkError, its cause scrubbed.
   * The wait for it is watched as a send is: a getToken that never settles ends the attempt at its
   * timeout. A fetch still pending is joined by later attempts (a slow sign-in still arrives) until it
   * is twice the timeout old; then it is asked again, so a dead one holds no call for good.
   */
  private withToken(): void {
    const cached = this.shared.tokens.peek();
    if (cached !== undefined) {
      this.send(cached);
      return;
    }
    this.awaitingToken = true;
    this.hold(
      this.shared.tokens.get(2 * this.timeoutMs()).subscribe({
        next: (token) => {
          this.tokenArrived();
          this.send(token);
        },
        // The app's getToken failed: its error may carry what the token call was sent (an HTTP
        // client's request config with credentials), so it travels on only as a scrubbed copy. After
        // a 401 that call was a refresh, which may name the token it replaced: that one is scrubbed too.
        error: (error: unknown) => {
          this.tokenArrived();
          const cause = scrubError(
            error,
            this.token ? this.shared.secretsFor(this.token) : this.shared.secrets,
          );
          this.fail(this.unsent(`getToken failed (${describeCause(cause)}). Check the token source.`, cause));
        },
      }),
    );
    if (!this.awaitingToken || this.stopped) return;
    this.at = this.shared.scheduler.now() + this.timeoutMs();
    this.shared.deadlines.watch(this);
  }

  private tokenArrived(): void {
    if (!this.awaitingToken) return;
    this.awaitingToken = false;
    this.shared.deadlines.cancel(this);
  }

  /** The attempt ended before sending: a NetworkError that says so, and whether an earlier one may have been applied. */
  private unsent(why: string, cause?: ScrubbedError, timedOut = false): NetworkError {
    return new NetworkError(`${this.where()} was not sent: ${why}`, {
      request: this.info(this.shared.scheduler.now()),
      cause,
      timedOut,
      notApplied: !this.state.open,
    });
  }

  private timeoutMs(): number {
    return this.state.call.spec.timeoutMs ?? this.shared.retry.timeoutMs;
  }

  private send(token: string): void {
    const { shared } = this;
    const { spec, url, body } = this.state.call;
    const sentAt = shared.scheduler.now();
    let headers = shared.headersFor(token);
    if (body !== undefined || spec.idempotencyKey !== undefined) {
      headers = { ...headers };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (spec.idempotencyKey !== undefined) headers['idempotency-key'] = spec.idempotencyKey;
    }
    this.token = token;
    this.sentAt = sentAt;
    this.answered = false;
    const sent = ++this.sends;
    const subscription = shared
      .send({ method: spec.method, url, headers, body, maxResponseBytes: shared.maxResponseBytes })
      .subscribe(methodObserver<RawResponse>(this));
    // One answered at once may have sent again from within (a 401's token refresh): that later send
    // is the step held and the one watched.
    if (this.sends !== sent) return;
    this.hold(subscription);
    // Watched once sent, as rxjs's timeout does: an attempt answered at once needs no deadline.
    if (this.answered || this.stopped) return;
    this.at = sentAt + this.timeoutMs();
    shared.deadlines.watch(this);
  }

  /** The send answered (as its observer). */
  next(raw: RawResponse): void {
    this.answered = true;
    this.shared.deadlines.cancel(this);
    this.decoded(raw, this.token, this.sentAt);
  }

  /** The send failed before an answer (as its observer). */
  error(error: unknown): void {
    this.answered = true;
    this.shared.deadlines.cancel(this);
    this.failed(this.typed(error, this.token, this.sentAt), this.token);
  }

  /** No answer by the deadline (as the client's deadlines call it). */
  expire(): void {
    // The send in flight, or the wait for the token, is the step held (a send answered at once is never watched).
    this.inner?.unsubscribe();
    if (this.awaitingToken) {
      this.awaitingToken = false;
      this.fail(this.unsent(`getToken gave no token within ${this.timeoutMs()} ms.`, undefined, true));
      return;
    }
    this.state.open = true;
    const timeoutMs = this.at - this.sentAt;
    this.fail(
      new NetworkError(
        `${this.where()} got no response within ${timeoutMs} ms. It is retried when safe; raise timeoutMs if the service is slow.`,
        { request: this.info(this.sentAt), timedOut: true },
      ),
    );
  }

  private decoded(raw: RawResponse, token: string, sentAt: number): void {
    let value: T;
    try {
      value = this.decode(raw, token, sentAt);
    } catch (error) {
      this.failed(this.typed(error, token, sentAt), token);
      return;
    }
    this.shared.budget?.onSuccess();
    const { land } = this.state.call.spec;
    let out: R;
    try {
      // Without `land`, `R` is `T` (its default): the reply is what the call emits.
      out = land ? land(value) : (value as unknown as R);
    } catch (error) {
      this.subscriber.error(error);
      return;
    }
    this.subscriber.next(out);
    this.subscriber.complete();
  }

  private decode(raw: RawResponse, token: string, sentAt: number): T {
    const { maxResponseBytes, scheduler } = this.shared;
    const { spec } = this.state.call;
    // A custom `Send` may not count while reading; the limit holds for it all the same.
    if ((raw.bytes ?? utf8Length(raw.text, maxResponseBytes)) > maxResponseBytes)
      throw new ResponseTooLargeError(maxResponseBytes, raw.status, this.where());
    if (raw.status >= 200 && raw.status < 300)
      return decodeSuccess(
        raw,
        spec.schema,
        () => this.info(sentAt),
        spec.check,
        this.shared.secretsFor(token),
      );
    const retryAfterMs =
      raw.status === 429 ? parseRetryAfter(raw.headers.get('retry-after'), scheduler.now()) : undefined;
    throw errorFromResponse(raw.status, raw.text, {
      request: this.info(sentAt),
      idempotencyKey: spec.idempotencyKey,
      retryAfterMs,
      secrets: this.shared.secretsFor(token),
    });
  }

  /** A failure as the error the caller sees: the service's typed answer, or a scrubbed NetworkError. */
  private typed(error: unknown, token: string, sentAt: number): unknown {
    if (error instanceof ApiError) return error;
    if (error instanceof ResponseTooLargeError)
      return new ResponseTooLargeError(error.limitBytes, error.status, this.where());
    const cause = scrubError(error, this.shared.secretsFor(token));
    return new NetworkError(
      `${this.where()} failed before a response arrived (${describeCause(cause)}). Check the network and baseUrl.`,
      { request: this.info(sentAt), cause },
    );
  }

  /** What a failure does beyond this call: a 429 holds every request back, a 401 refreshes the token. */
  private failed(error: unknown, token: string): void {
    const { cooldown, retry, scheduler, tokens } = this.shared;
    // A 4xx refused the request, except a 409 "in progress": a request with its key is being applied.
    if (
      error instanceof IdempotencyInProgressError ||
      !(error instanceof ApiError && error.status >= 400 && error.status < 500)
    )
      this.state.open = true;
    if (error instanceof RateLimitError) {
      // A 429 without a usable Retry-After still means "slow down": hold everyone back for the
      // same default wait that the retry of this call assumes.
      const waitMs = error.retryAfterMs ?? retry.defaultRetryAfterMs;
      // Not past what a timer can take either: the call gives up then, and so does the cooldown.
      if (waitMs <= retry.maxRetryAfterMs && waitMs <= MAX_TIMER_MS) cooldown.block(scheduler.now() + waitMs);
    }
    // A gateway 401 may mean the cached token expired: fetch a new one and try once more.
    if (error instanceof GatewayError && error.status === 401 && !this.state.refreshed) {
      this.state.refreshed = true;
      tokens.invalidate(token);
      this.start();
      return;
    }
    this.fail(error);
  }

  /** The attempt failed: the next one after the wait the retry rule gives, or the error to the caller. */
  private fail(error: unknown): void {
    if (this.stopped) return;
    const { call } = this.state;
    const ms = this.retries + 1 < call.maxAttempts ? call.retryDelay(error, this.retries + 1) : undefined;
    if (ms === undefined) {
      this.subscriber.error(error);
      return;
    }
    this.retries++;
    this.inner = this.shared.scheduler.schedule(() => this.start(), ms);
  }

  /** Keeps `subscription` as the step to cancel, unless it ended while being made (a step that answered at once). */
  private hold(subscription: Subscription): void {
    if (!subscription.closed) this.inner = subscription;
  }

  private where(): string {
    return `${this.state.call.spec.method} ${endpointOf(this.state)}`;
  }

  private info(sentAt: number): RequestInfo {
    const { spec } = this.state.call;
    return {
      method: spec.method,
      endpoint: endpointOf(this.state),
      time: new Date(sentAt).toISOString(),
      environment: this.shared.environment,
      resourceId: spec.resourceId,
    };
  }
}

function describeCause(cause: ScrubbedError): string {
  return cause.cause ? `${cause.message}: ${cause.cause.code}` : cause.message;
}
