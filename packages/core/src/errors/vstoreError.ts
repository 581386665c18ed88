import type { ApiError } from './apiError';
import type {
  EditConflictError,
  IdempotencyKeyReuseError,
  InvalidUpdateError,
  PollTimeoutError,
  ResponseTooLargeError,
  TaskCancelledError,
  TaskFailedError,
  UnsupportedSchemaVersionError,
} from './clientErrors';

/**
 * Every error a vstore call ends with, as a union of the exported classes: narrow it with
 * `instanceof`. `ApiError` covers its subclasses (`GatewayError`, `ConcurrentUpdateError`,
 * `ResponseShapeError`, `NetworkError`, …).
 */
export type VStoreError =
  | ApiError
  | EditConflictError
  | IdempotencyKeyReuseError
  | InvalidUpdateError
  | PollTimeoutError
  | ResponseTooLargeError
  | TaskCancelledError
  | TaskFailedError
  | UnsupportedSchemaVersionError;
