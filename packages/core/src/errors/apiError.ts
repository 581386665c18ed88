/** Where a failed request went; the source of `supportInfo()`. Never holds headers or tokens. */
export interface RequestInfo {
  readonly method: string;
  /** Path and query, with credential-bearing query values redacted. */
  readonly endpoint: string;
  /** ISO 8601 time the request was sent. */
  readonly time: string;
  readonly environment?: string | undefined;
  readonly resourceId?: string | undefined;
}

/** What the spec's "Support data" asks a support request to carry, in its wire spelling. */
export interface SupportInfo {
  trace_id?: string;
  method: string;
  endpoint: string;
  time: string;
  environment?: string;
  resource_id?: string;
}

/**
 * What an `ApiError` (and each subclass) is constructed from; the client builds these from the
 * response. Exported for tests and custom transports that construct errors themselves.
 */
export interface ApiErrorOptions {
  status: number;
  request: RequestInfo;
  type?: string | undefined;
  traceId?: string | undefined;
  body?: unknown;
  cause?: unknown;
}

/**
 * A request that the service (or the network on the way to it) did not answer with success.
 *
 * This family names its classes on the prototype, not with a `name` field as the client-side errors
 * do: a field of the base would hide the name an app's own subclass sets on its prototype. Every app
 * ships these classes anyway, so the static blocks cost no tree-shaking.
 */
export class ApiError extends Error {
  static {
    ApiError.prototype.name = 'ApiError';
  }
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The body's `type`: the failed rule, `RequestValidationError`, …; absent from gateway errors. */
  readonly type: string | undefined;
  /** The body's `trace_id`, to quote when contacting support. */
  readonly traceId: string | undefined;
  /** The parsed error body (or a short text excerpt when it was not JSON), secrets scrubbed. */
  readonly body: unknown;
  readonly request: RequestInfo;
  /**
   * True when the request was a write whose answer was lost (a 5xx or no response) and reading
   * the latest state could not show whether it landed: it may or may not have been applied.
   */
  readonly outcomeUnknown: boolean = false;

  constructor(message: string, options: ApiErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.type = options.type;
    this.traceId = options.traceId;
    this.body = options.body;
    this.request = options.request;
  }

  /** The fields a support request needs, and nothing secret. */
  supportInfo(): SupportInfo {
    const { method, endpoint, time, environment, resourceId } = this.request;
    const info: SupportInfo = { method, endpoint, time };
    if (this.traceId !== undefined) info.trace_id = this.traceId;
    if (environment !== undefined) info.environment = environment;
    if (resourceId !== undefined) info.resource_id = resourceId;
    return info;
  }

  /** Own fields only; a `cause` (which may be a foreign error object) is left out on purpose. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...Object.fromEntries(Object.entries(this)) };
  }
}

/** 401 or 403 issued at the gateway: decided by status alone (the body has no `type`/`trace_id`). */
export class GatewayError extends ApiError {
  static {
    GatewayError.prototype.name = 'GatewayError';
  }
}

/** 400: the request was malformed; the same request will fail again. */
export class RequestValidationError extends ApiError {
  static {
    RequestValidationError.prototype.name = 'RequestValidationError';
  }
  /** One entry per problem, as the service sent them. */
  readonly errors: readonly unknown[];
  constructor(message: string, options: ApiErrorOptions & { errors: readonly unknown[] }) {
    super(message, options);
    this.errors = options.errors;
  }
}

/**
 * One broken business rule of a 422 (`BusinessRuleError.validationErrors`): its message and details as sent.
 */
export interface RuleViolation {
  message: string;
  details?: unknown;
}

/** 422: a well-formed request broke a business rule, named by `rule`. */
export class BusinessRuleError extends ApiError {
  static {
    BusinessRuleError.prototype.name = 'BusinessRuleError';
  }
  /** The failed rule (the body's `type`). */
  readonly rule: string;
  /** One entry per failed rule; a single entry built from the top level when the body has none. */
  readonly validationErrors: readonly RuleViolation[];
  constructor(
    message: string,
    options: ApiErrorOptions & { rule: string; validationErrors: RuleViolation[] },
  ) {
    super(message, options);
    this.rule = options.rule;
    this.validationErrors = options.validationErrors;
  }
}

/**
 * The `details` of a 409 version conflict: which entity, the version the write was based on, and
 * the version the service holds.
 */
export interface ConcurrentUpdateDetails {
  object_type: string;
  object_id: string;
  expected_version: number;
  found_version: number;
}

/** 409 with `details`: the resource changed under the write. Refetch, decide, resubmit. */
export class ConcurrentUpdateError extends ApiError {
  static {
    ConcurrentUpdateError.prototype.name = 'ConcurrentUpdateError';
  }
  readonly details: ConcurrentUpdateDetails;
  constructor(message: string, options: ApiErrorOptions & { details: ConcurrentUpdateDetails }) {
    super(message, options);
    this.details = options.details;
  }
}

/** 409 for a keyed request whose first copy the service is still processing. */
export class IdempotencyInProgressError extends ApiError {
  static {
    IdempotencyInProgressError.prototype.name = 'IdempotencyInProgressError';
  }
  readonly idempotencyKey: string;
  constructor(message: string, options: ApiErrorOptions & { idempotencyKey: string }) {
    super(message, options);
    this.idempotencyKey = options.idempotencyKey;
  }
}

/** 429 that retries could not get past, or whose `Retry-After` exceeds the configured cap. */
export class RateLimitError extends ApiError {
  static {
    RateLimitError.prototype.name = 'RateLimitError';
  }
  /** How long the service asked to wait, when it said so usably. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: ApiErrorOptions & { retryAfterMs: number | undefined }) {
    super(message, options);
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * One way a response body did not match its schema (`ResponseShapeError.issues`): where
 * (`path`), what (`message`), and zod's issue `code`.
 */
export interface ShapeIssue {
  path: readonly PropertyKey[];
  message: string;
  code: string;
}

/** A body (success or error) that is not JSON or does not match its schema. Nothing was stored. */
export class ResponseShapeError extends ApiError {
  static {
    ResponseShapeError.prototype.name = 'ResponseShapeError';
  }
  readonly issues: readonly ShapeIssue[];
  constructor(message: string, options: ApiErrorOptions & { issues: readonly ShapeIssue[] }) {
    super(message, options);
    this.issues = options.issues;
  }
}

/** No response: fetch failed or the attempt timed out. `status` is 0. */
export class NetworkError extends ApiError {
  static {
    NetworkError.prototype.name = 'NetworkError';
  }
  /** True when the per-attempt timeout fired. */
  readonly timedOut: boolean;
  /**
   * True when nothing the call asked can have been applied: it ended before sending (getToken failed
   * or gave no token in time) and every attempt sent before was refused (a 4xx, such as a gateway
   * 401). A write that ends so is not reported as of unknown outcome.
   */
  readonly notApplied: boolean;
  constructor(
    message: string,
    options: Omit<ApiErrorOptions, 'status'> & { timedOut?: boolean; notApplied?: boolean },
  ) {
    super(message, { ...options, status: 0 });
    this.timedOut = options.timedOut ?? false;
    this.notApplied = options.notApplied ?? false;
  }
}
