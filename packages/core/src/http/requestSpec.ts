import type { $ZodType } from 'zod/v4/core';
import type { ShapeIssue } from '../errors/apiError';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One logical call; the transport turns it into one or more attempts. `T` is what the schema accepts,
 * `R` what the call emits: `T` itself unless `land` makes something else of it.
 */
export interface RequestSpec<T, R = T> {
  method: HttpMethod;
  path: string;
  query?: Readonly<Record<string, string | number>> | undefined;
  /** Serialised once: every attempt of the call sends the same bytes. */
  body?: unknown;
  /** Sent as `Idempotency-Key`; makes the call safe to resend after a network error or 5xx. */
  idempotencyKey?: string | undefined;
  /** Goes into support data. */
  resourceId?: string | undefined;
  /** Validates the 2xx body. */
  schema: $ZodType<T>;
  /**
   * Checks a valid body against the request (the id or version asked for): the issues found make the
   * reply a `ResponseShapeError` with the reply's own status, as a schema failure does.
   */
  check?: ((value: T) => readonly ShapeIssue[] | undefined) | undefined;
  /**
   * What a valid reply becomes before it is emitted (the store's copy once applied, a list's page):
   * run here rather than by an operator, so a call makes no subscriber chain of its own. What it
   * throws fails the call as it is, untyped and not retried. Without it the call emits the reply.
   */
  land?: ((value: T) => R) | undefined;
  /** Timeout of each attempt of this call; overrides `retry.timeoutMs`. */
  timeoutMs?: number | undefined;
}
