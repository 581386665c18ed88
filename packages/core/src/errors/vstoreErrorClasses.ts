import {
  ApiError,
  BusinessRuleError,
  ConcurrentUpdateError,
  GatewayError,
  IdempotencyInProgressError,
  NetworkError,
  RateLimitError,
  RequestValidationError,
  ResponseShapeError,
} from './apiError';
import {
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
 * Every error class a vstore call can end with: the one list that `VStoreError` (the union) and
 * server-rendering snapshots (which bring an error back as its class) are both made from, so a new
 * class is added once.
 */
export const VSTORE_ERROR_CLASSES = [
  ApiError,
  BusinessRuleError,
  ConcurrentUpdateError,
  GatewayError,
  IdempotencyInProgressError,
  NetworkError,
  RateLimitError,
  RequestValidationError,
  ResponseShapeError,
  EditConflictError,
  IdempotencyKeyReuseError,
  InvalidUpdateError,
  PollTimeoutError,
  ResponseTooLargeError,
  TaskCancelledError,
  TaskFailedError,
  UnsupportedSchemaVersionError,
] as const;
