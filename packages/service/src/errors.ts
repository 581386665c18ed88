import { json } from './json';

/** One problem in a malformed request (an entry of a 400's `errors`). */
export interface FieldError {
  /** Where the problem is. */
  location: 'body' | 'query' | 'header' | 'path';
  /** Dotted path of the offending field, e.g. `limit.amount`; absent for whole-body problems. */
  field?: string;
  /** Stable machine-readable code, e.g. `missing_field`, `invalid_type`, `read_only_field`. */
  code: string;
  message: string;
}

/** One failed business rule (a 422's `type`, or an entry of its `validation_errors`). */
export interface RuleFailure {
  type: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * The `details` of a 409 version conflict the service sends: the entity, the version the write expected, the
 * one it found.
 */
export interface ConflictDetails {
  object_type: string;
  object_id: string;
  expected_version: number;
  found_version: number;
}

export function requestValidationError(traceId: string, errors: readonly FieldError[]): Response {
  const count = errors.length === 1 ? 'a problem' : `${errors.length} problems`;
  return json(
    {
      message: `The request has ${count}; see errors, fix the request and send it again.`,
      type: 'RequestValidationError',
      trace_id: traceId,
      errors,
    },
    400,
  );
}

export function businessRuleBody(traceId: string, failures: readonly RuleFailure[]): Record<string, unknown> {
  const [first] = failures;
  if (!first) throw new TypeError('businessRuleBody needs at least one failure');
  // With several failures the top-level type names the first rule checked; every rule is listed.
  if (failures.length === 1) return { message: first.message, type: first.type, trace_id: traceId };
  return {
    message: `${failures.length} business rules failed; see validation_errors.`,
    type: first.type,
    trace_id: traceId,
    validation_errors: failures,
  };
}

export function businessRuleError(traceId: string, failures: readonly RuleFailure[]): Response {
  return json(businessRuleBody(traceId, failures), 422);
}

export function concurrentUpdateError(traceId: string, details: ConflictDetails): Response {
  return json(
    {
      message:
        'The resource changed while this update was being written. Fetch the latest version, check ' +
        'whether the change is still needed, and submit it again.',
      type: 'ConcurrentUpdate',
      trace_id: traceId,
      details,
    },
    409,
  );
}

export function idempotencyInProgressError(traceId: string): Response {
  return json(
    {
      message:
        'A request with this Idempotency-Key is still being processed; retry later with the same key and body.',
      type: 'IdempotencyKeyInProgress',
      trace_id: traceId,
    },
    409,
  );
}

export function notFoundError(traceId: string, type: string, message: string): Response {
  return json({ message, type, trace_id: traceId }, 404);
}

export function methodNotAllowedError(traceId: string, served: readonly string[]): Response {
  // Every path answers OPTIONS (the CORS preflight), though no route lists it.
  const allow = served.includes('OPTIONS') ? served : [...served, 'OPTIONS'];
  return json(
    { message: `Use one of ${allow.join(', ')} on this path.`, type: 'MethodNotAllowed', trace_id: traceId },
    405,
    { allow: allow.join(', ') },
  );
}

export function unsupportedMediaTypeError(traceId: string): Response {
  return json(
    {
      message: 'Send this request with content-type: application/json.',
      type: 'UnsupportedMediaType',
      trace_id: traceId,
    },
    415,
  );
}

/** Gateway bodies hold exactly one field and no type or trace_id: clients decide by status alone. */
export function gatewayError(status: 401 | 403, field: string, message: string): Response {
  return json({ [field]: message }, status);
}

export function rateLimitError(traceId: string, retryAfterSeconds: number): Response {
  return json(
    {
      message: `Too many requests; wait ${retryAfterSeconds} s (Retry-After) before retrying.`,
      type: 'RateLimitExceeded',
      trace_id: traceId,
    },
    429,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

const SERVER_ERROR_TYPES: Record<number, string> = {
  500: 'InternalServerError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
};

export function serverError(traceId: string, status: number, message?: string): Response {
  return json(
    {
      message: message ?? 'The service failed to complete the request; retry it later.',
      type: SERVER_ERROR_TYPES[status] ?? 'InternalServerError',
      trace_id: traceId,
    },
    status,
  );
}
