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
import { EditConflictError } from './editConflictError';
import { IdempotencyKeyReuseError } from './idempotencyKeyReuseError';
import { InvalidUpdateError } from './invalidUpdateError';
import { PollTimeoutError } from './pollTimeoutError';
import { ResponseTooLargeError } from './responseTooLargeError';
import { TaskCancelledError } from './taskCancelledError';
import { TaskFailedError } from './taskFailedError';
import { UnsupportedSchemaVersionError } from './unsupportedSchemaVersionError';

/**
 * Every error class a vstore call can end with, by its `name`: the one list that `VStoreError` (the
 * union) and server-rendering snapshots (which bring an error back as its class) are both made from,
 * so a new class is added once. Keyed in the source, not by `Class.name`, which minifiers rename.
 *
 * The client-side classes (those not under `ApiError`) set `name` as a field. A static block that
 * set it on the prototype would be code run when the module loads, so bundlers would keep the class
 * in every app, even one that never throws it (`EditConflictError` without `edit`).
 */
export const VSTORE_ERROR_CLASSES = {
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
} as const;
