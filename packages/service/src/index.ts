export { createService } from './createService';
export type { ConflictDetails, FieldError, RuleFailure } from './errors';
export { FAULT_PROFILES, type FaultOptions, type FaultProfileName } from './faults';
export type { IdempotencyOptions } from './idempotency';
export type { ServiceState } from './inspect';
export type { ListeningService, ListenOptions } from './nodeServer';
export type { ServiceOptions } from './options';
export type { RateLimitOptions } from './rateLimit';
export type {
  DeclaredRecord,
  ListDeclaration,
  ListFilterDeclaration,
  ResourceDeclaration,
} from './resourceDeclaration';
export type { Service } from './service';
export type { SseOptions } from './sse';
export type { TaskOutcomeOption } from './taskRunner';
export {
  type Account,
  type AccountStatus,
  DEFAULT_SEED,
  type Money,
  type SeedAccount,
  type SeedData,
  type SeedSpendControl,
  type SpendControl,
  type SpendControlStatus,
  type SpendInterval,
  type Task,
  type TaskOutcome,
  type TaskStatus,
  type WebhookPayload,
} from './types';
