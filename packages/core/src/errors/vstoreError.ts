import type { ApiError } from './apiError';
import type {
  IdempotencyKeyReuseError,
  InvalidUpdateError,
  PollTimeoutError,
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
  | IdempotencyKeyReuseError
  | InvalidUpdateError
  | PollTimeoutError
  | TaskCancelledError
  | TaskFailedError
  | UnsupportedSchemaVersionError;
