// The public surface of the HTTP client, errors, resources and polling; re-exported by src/index.ts.

export type {
  ApiErrorOptions,
  ConcurrentUpdateDetails,
  RequestInfo,
  RuleViolation,
  ShapeIssue,
  SupportInfo,
} from '../errors/apiError';
export {
  ApiError,
  BusinessRuleError,
  ConcurrentUpdateError,
  GatewayError,
  IdempotencyInProgressError,
  NetworkError,
  RateLimitError,
  RequestValidationError,
  ResponseShapeError,
} from '../errors/apiError';
export { EditConflictError } from '../errors/editConflictError';
export { IdempotencyKeyReuseError } from '../errors/idempotencyKeyReuseError';
export { InvalidUpdateError } from '../errors/invalidUpdateError';
export { PollTimeoutError } from '../errors/pollTimeoutError';
export { redactUrl } from '../errors/redact';
export { ResponseTooLargeError } from '../errors/responseTooLargeError';
export { TaskCancelledError } from '../errors/taskCancelledError';
export { TaskFailedError } from '../errors/taskFailedError';
export { UnsupportedSchemaVersionError } from '../errors/unsupportedSchemaVersionError';
export type { HttpRequest, RawResponse, Send } from '../http/request';
export { parseRetryAfter } from '../http/retryAfter';
export type { RetryBudgetOptions } from '../http/retryBudget';
export type { RetryOptions } from '../http/retryPolicy';
export type { GetToken } from '../http/tokenProvider';
export type { AccountClient } from '../reads/accountClient';
export type { ReadKind } from '../reads/readKey';
export { readKey } from '../reads/readKey';
export type { ReadState } from '../reads/readState';
export type {
  CallOptions,
  CreateOptions,
  GetOptions,
  ListOptions,
  ResourceClient,
  ResourceClientOf,
} from '../reads/resourceClient';
export type { TaskClient } from '../reads/taskClient';
export type { Account } from '../resources/accounts';
// The built-in definitions, named apart from the clients made of them (`client.accounts`, …).
export { accountSchema, accounts as accountDefinition } from '../resources/accounts';
export type { ResourceConfig, ResourceDefinition } from '../resources/defineResource';
export { defineResource, nullable } from '../resources/defineResource';
export type { EditMergeInfo, EditOptions, EditOutcome, OnConflict } from '../resources/editResource';
export type { ListParams } from '../resources/listParams';
export type { UpdateOptions } from '../resources/reconcileWrite';
export type { ListPage, ResourcePatch } from '../resources/resourceOps';
export type {
  Money,
  SpendControl,
  SpendControlInput,
  SpendControlUpdateKey,
} from '../resources/spendControls';
export { spendControlSchema, spendControls as spendControlDefinition } from '../resources/spendControls';
export type { Task, TaskStatus } from '../resources/tasks';
export { TERMINAL_TASK_STATUSES, taskSchema, tasks as taskDefinition } from '../resources/tasks';
export type { PollOptions, PollUntilOptions } from '../tasks/pollOptions';
export { pollTask } from '../tasks/pollTask';
export { pollUntil } from '../tasks/pollUntil';
export type { PollScheduleOptions } from '../tasks/schedule';
export type { VisibilitySource } from '../tasks/visibility';
export type { Client, ClientOptions } from './createClient';
export { createClient } from './createClient';
export type { EventClientOptions } from './eventConfig';
export { getClientEvents } from './getClientEvents';
export type { ReadChange, ReadInfo } from './watchReads';
export { readStates, watchReads } from './watchReads';
