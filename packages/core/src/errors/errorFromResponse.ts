import * as z from 'zod/mini';
import type { $ZodError } from 'zod/v4/core';
import { parseJson } from '../wire/safeJson';
import { safeInteger } from '../wire/wireSchemas';
import {
  ApiError,
  BusinessRuleError,
  ConcurrentUpdateError,
  GatewayError,
  IdempotencyInProgressError,
  RateLimitError,
  type RequestInfo,
  RequestValidationError,
  ResponseShapeError,
  type ShapeIssue,
} from './apiError';
import { issueMessage } from './issueMessage';
import { scrubSecrets } from './redact';

// Error bodies as the spec describes them. Only the fields the client branches on are checked;
// everything else is kept (looseObject) and passed on in `body`. The shared fields are written out
// in each schema: `z.extend` would bring zod's extend helper (0.4 kB gzip), and a spread of a shared
// object is code bundlers keep even in an app that never reaches this module's exports.
const standardError = z.looseObject({
  message: z._default(z.string(), ''),
  type: z.string(),
  trace_id: z.string(),
});
const badRequestBody = z.looseObject({
  message: z._default(z.string(), ''),
  type: z.string(),
  trace_id: z.string(),
  errors: z._default(z.array(z.unknown()), []),
});
const ruleBody = z.looseObject({
  message: z._default(z.string(), ''),
  type: z.string(),
  trace_id: z.string(),
  validation_errors: z.optional(
    z.array(z.looseObject({ message: z.string(), details: z.optional(z.unknown()) })),
  ),
});
const conflictBody = z.looseObject({
  message: z._default(z.string(), ''),
  type: z.string(),
  trace_id: z.string(),
  details: z.optional(
    z.looseObject({
      object_type: z.string(),
      object_id: z.string(),
      expected_version: safeInteger,
      found_version: safeInteger,
    }),
  ),
});

/** What the decision needs besides status and body. */
export interface ErrorContext {
  request: RequestInfo;
  /** Set when the request carried an `Idempotency-Key`: a bare 409 then means "still processing". */
  idempotencyKey?: string | undefined;
  /** Already parsed `Retry-After`, in ms (undefined when absent or unusable). */
  retryAfterMs?: number | undefined;
  /** Values to scrub from anything the server echoed back (the token in use). */
  secrets: readonly string[];
}

const EXCERPT = 500;
const MESSAGE = 300;

/** Decides the typed error for a non-2xx response from its status and body. Never throws. */
export function errorFromResponse(status: number, text: string, ctx: ErrorContext): ApiError {
  const parsed = parseJson(text);
  // Scrub before cutting to the excerpt: a token cut in half no longer matches, and its first half would stay.
  const body = parsed.ok
    ? scrubSecrets(parsed.value, ctx.secrets)
    : scrubSecrets(text, ctx.secrets).slice(0, EXCERPT);
  const base = { status, request: ctx.request, body };
  const where = `${ctx.request.method} ${ctx.request.endpoint}`;
  const standard = z.safeParse(standardError, body);
  // What a body of the standard shape says about itself, for the statuses that do not require one.
  const trace = standard.success ? { type: standard.data.type, traceId: standard.data.trace_id } : {};

  if (status === 429) {
    const wait = ctx.retryAfterMs === undefined ? '' : `; the service asked to wait ${ctx.retryAfterMs} ms`;
    return new RateLimitError(`Rate limited (429) on ${where}${wait}. Slow down and try again later.`, {
      ...base,
      ...trace,
      retryAfterMs: ctx.retryAfterMs,
    });
  }

  if ((status === 401 || status === 403) && !standard.success) {
    const said = serverMessage(body);
    const hint =
      status === 401
        ? 'The access token is missing, invalid or expired: check what getToken returns.'
        : 'The token may not do this, or the business is inactive; retrying will not help.';
    return new GatewayError(`${sentence(`Gateway refused ${where} (${status})${said}`)} ${hint}`, base);
  }

  const shapeError = (what: string, issues: readonly ShapeIssue[]) =>
    new ResponseShapeError(
      `${status} response to ${where} is not ${what}: ${describe(issues)}. Client and service disagree on the wire format.`,
      { ...base, issues },
    );

  switch (status) {
    case 400: {
      const r = z.safeParse(badRequestBody, body);
      if (!r.success) return shapeError('a RequestValidationError body', shapeIssues(r.error, parsed.ok));
      return new RequestValidationError(
        `${clip(r.data.message)} (400 ${r.data.type}, trace ${r.data.trace_id}). Fix the request: resending it unchanged fails the same way.`,
        { ...base, type: r.data.type, traceId: r.data.trace_id, errors: r.data.errors },
      );
    }
    case 422: {
      const r = z.safeParse(ruleBody, body);
      if (!r.success) return shapeError('a business-rule error body', shapeIssues(r.error, parsed.ok));
      const { message, type, trace_id: traceId, validation_errors: list } = r.data;
      const validationErrors = list?.length ? list : [{ message }];
      return new BusinessRuleError(
        `${clip(message)} (422 rule ${type}, trace ${traceId}). The request is well formed but not allowed as it stands.`,
        { ...base, type, traceId, rule: type, validationErrors },
      );
    }
    case 409: {
      const r = z.safeParse(conflictBody, body);
      if (!r.success) return shapeError('a conflict error body', shapeIssues(r.error, parsed.ok));
      const { message, type, trace_id: traceId, details } = r.data;
      if (details) {
        return new ConcurrentUpdateError(
          `${clip(message)} (409: ${details.object_type} ${details.object_id} is at version ${details.found_version}, ` +
            `the write expected ${details.expected_version}). Fetch the latest version, check the change is still wanted, and submit it again.`,
          { ...base, type, traceId, details },
        );
      }
      if (ctx.idempotencyKey !== undefined) {
        return new IdempotencyInProgressError(
          `A request with idempotency key ${ctx.idempotencyKey} is still being processed (409). Retry later with the same key and body.`,
          { ...base, type, traceId, idempotencyKey: ctx.idempotencyKey },
        );
      }
      return new ApiError(sentence(`${where} conflicted (409): ${clip(message)}`), {
        ...base,
        type,
        traceId,
      });
    }
  }
  const said = serverMessage(body);
  return new ApiError(sentence(`${where} failed with status ${status}${said}`), {
    ...base,
    ...trace,
  });
}

function serverMessage(body: unknown): string {
  if (body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return `: ${clip(body.message)}`;
  }
  return '';
}

/** Ends a sentence once: a server message that already ends with a period keeps its own. */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function clip(message: string): string {
  return message.length > MESSAGE ? `${message.slice(0, MESSAGE)}…` : message;
}

/** zod issues without the offending input values, which may be large or sensitive. */
export function shapeIssues(error: $ZodError | undefined, wasJson = true): ShapeIssue[] {
  if (!wasJson) return [{ path: [], code: 'invalid_json', message: 'body is not JSON' }];
  return (error?.issues ?? []).map((issue) => ({
    path: issue.path,
    code: issue.code,
    message: issueMessage(issue),
  }));
}

/** The first few issues as one line, for a message. */
export function describe(issues: readonly ShapeIssue[]): string {
  return issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
