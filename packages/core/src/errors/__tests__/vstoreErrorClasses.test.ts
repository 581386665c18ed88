import { describe, expect, it } from 'vitest';
import type { Task } from '../../resources/tasks';
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
} from '../apiError';
import { EditConflictError } from '../editConflictError';
import { IdempotencyKeyReuseError } from '../idempotencyKeyReuseError';
import { InvalidUpdateError } from '../invalidUpdateError';
import { PollTimeoutError } from '../pollTimeoutError';
import { ResponseTooLargeError } from '../responseTooLargeError';
import { TaskCancelledError } from '../taskCancelledError';
import { TaskFailedError } from '../taskFailedError';
import { UnsupportedSchemaVersionError } from '../unsupportedSchemaVersionError';
import { VSTORE_ERROR_CLASSES } from '../vstoreErrorClasses';

const request = { method: 'GET', endpoint: '/x', time: '2026-01-01T00:00:00.000Z' };
const task = { task_id: 'task_1', status: 'failed' } as Task;
const base = { message: 'm', status: 400, request };

// One instance of each listed class. Typed by the list's keys, so a class added to it fails to
// compile here until it has an entry.
const instances: Record<keyof typeof VSTORE_ERROR_CLASSES, () => Error> = {
  ApiError: () => new ApiError('m', base),
  BusinessRuleError: () =>
    new BusinessRuleError('m', { ...base, rule: 'r', validationErrors: [{ message: 'm' }] }),
  ConcurrentUpdateError: () =>
    new ConcurrentUpdateError('m', {
      ...base,
      details: { object_type: 't', object_id: 'i', expected_version: 1, found_version: 2 },
    }),
  GatewayError: () => new GatewayError('m', base),
  IdempotencyInProgressError: () => new IdempotencyInProgressError('m', { ...base, idempotencyKey: 'k' }),
  NetworkError: () => new NetworkError('m', { request }),
  RateLimitError: () => new RateLimitError('m', { ...base, retryAfterMs: 10 }),
  RequestValidationError: () => new RequestValidationError('m', { ...base, errors: [] }),
  ResponseShapeError: () => new ResponseShapeError('m', { ...base, issues: [] }),
  EditConflictError: () => new EditConflictError('t', 'i', ['f'], { base: {}, mine: {}, theirs: {} }),
  IdempotencyKeyReuseError: () => new IdempotencyKeyReuseError('k'),
  InvalidUpdateError: () => new InvalidUpdateError('t', ['f'], ['g']),
  PollTimeoutError: () => new PollTimeoutError(3, 100),
  ResponseTooLargeError: () => new ResponseTooLargeError(10, 200),
  TaskCancelledError: () => new TaskCancelledError(task),
  TaskFailedError: () => new TaskFailedError(task),
  UnsupportedSchemaVersionError: () => new UnsupportedSchemaVersionError('9.0', ['1']),
};

describe('VSTORE_ERROR_CLASSES', () => {
  it.each(Object.keys(instances) as (keyof typeof VSTORE_ERROR_CLASSES)[])(
    'lists %s under the name its errors carry',
    (name) => {
      const error = instances[name]();
      expect(error).toBeInstanceOf(VSTORE_ERROR_CLASSES[name]);
      expect(error.name).toBe(name);
      expect(String(error)).toMatch(new RegExp(`^${name}: `));
    },
  );

  it('names client-side errors with a field an app may still overwrite', () => {
    const error = new TaskFailedError(task);
    error.name = 'Renamed';
    expect(error.name).toBe('Renamed');
    expect(Object.getPrototypeOf(error)).toBe(TaskFailedError.prototype);
  });
});
