import type { $ZodType } from 'zod/v4/core';
import type { ShapeIssue } from '../errors/apiError';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One logical call; the transport turns it into one or more attempts. */
export interface RequestSpec<T> {
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
   * What a valid reply becomes before it is emitted (the store's copy once applied): run here rather
   * than by an operator, so a read makes no subscriber chain of its own. What it throws fails the call
   * as it is, untyped and not retried.
   */
  land?: ((value: T) => T) | undefined;
  /** Timeout of each attempt of this call; overrides `retry.timeoutMs`. */
  timeoutMs?: number | undefined;
}
