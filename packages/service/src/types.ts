/** Whether a spend control is enforced (`active`) or not (`paused`). */
export type SpendControlStatus = 'active' | 'paused';
/** The period a spend control's limit applies to. */
export type SpendInterval = 'daily' | 'weekly' | 'monthly';
/** An account's lifecycle: `closing` while its deletion task runs, `closed` after. */
export type AccountStatus = 'active' | 'closing' | 'closed';
/** A task's status on the wire: `pending`, then `running`, then one terminal status. */
export type TaskStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
/** The terminal status a task ends with (see the `taskOutcome` option). */
export type TaskOutcome = 'completed' | 'failed' | 'cancelled';

/** What every versioned resource carries. */
export interface Versioned {
  version: number;
  version_time: string;
}

/** An amount in a currency, as in a spend control's `limit`. */
export interface Money {
  amount: number;
  currency: string;
}

/** A spend control as the service stores and serves it (versioned). */
export interface SpendControl {
  spend_control_id: string;
  version: number;
  version_time: string;
  name: string;
  status: SpendControlStatus;
  limit: Money;
  interval: SpendInterval;
  account_id: string;
}

/** An account as the service stores and serves it (versioned). */
export interface Account {
  account_id: string;
  version: number;
  version_time: string;
  name: string;
  status: AccountStatus;
  currency: string;
}

/** A task as the service serves it at `GET /tasks/{id}`, e.g. an account deletion. */
export interface Task {
  task_id: string;
  status: TaskStatus;
  /** What the task does, e.g. `account.delete`. */
  operation: string;
  resource_type: string;
  resource_id: string;
  created_at: string;
  updated_at: string;
  /** Present on `failed` tasks only. */
  error?: { type: string; message: string };
}

/** A webhook as delivered on the SSE relay (`GET /events`): envelope version, event type, the entity. */
export interface WebhookPayload {
  schema_version: string;
  event_type: string;
  data: unknown;
}

/** Initial data. Every seeded resource starts at version 1. */
export interface SeedData {
  accounts?: readonly SeedAccount[];
  spendControls?: readonly SeedSpendControl[];
}

/** An account to start with (`seed.accounts`); it starts at version 1. */
export interface SeedAccount {
  account_id: string;
  name: string;
  currency: string;
  /** @default 'active' */
  status?: AccountStatus;
}

/** A spend control to start with (`seed.spendControls`); it starts at version 1. */
export interface SeedSpendControl {
  spend_control_id: string;
  name: string;
  status: SpendControlStatus;
  limit: Money;
  interval: SpendInterval;
  account_id: string;
}

export const STATUS_VALUES: readonly SpendControlStatus[] = ['active', 'paused'];
export const INTERVAL_VALUES: readonly SpendInterval[] = ['daily', 'weekly', 'monthly'];

/**
 * The data a service starts with when no `seed` is given: accounts `acc_1` (USD) and `acc_2` (EUR);
 * spend controls `sc_1` Travel, `sc_2` Software and `sc_3` Meals (paused) on `acc_1`.
 */
export const DEFAULT_SEED: SeedData = {
  accounts: [
    { account_id: 'acc_1', name: 'Acme Ltd', currency: 'USD' },
    { account_id: 'acc_2', name: 'Globex GmbH', currency: 'EUR' },
  ],
  spendControls: [
    {
      spend_control_id: 'sc_1',
      name: 'Travel',
      status: 'active',
      limit: { amount: 5000, currency: 'USD' },
      interval: 'monthly',
      account_id: 'acc_1',
    },
    {
      spend_control_id: 'sc_2',
      name: 'Software',
      status: 'active',
      limit: { amount: 1200, currency: 'USD' },
      interval: 'monthly',
      account_id: 'acc_1',
    },
    {
      spend_control_id: 'sc_3',
      name: 'Meals',
      status: 'paused',
      limit: { amount: 75, currency: 'USD' },
      interval: 'daily',
      account_id: 'acc_1',
    },
  ],
};
