export type SpendControlStatus = 'active' | 'paused';
export type SpendInterval = 'daily' | 'weekly' | 'monthly';
export type AccountStatus = 'active' | 'closing' | 'closed';
export type TaskStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
export type TaskOutcome = 'completed' | 'failed' | 'cancelled';

export interface Money {
  amount: number;
  currency: string;
}

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

export interface Account {
  account_id: string;
  version: number;
  version_time: string;
  name: string;
  status: AccountStatus;
  currency: string;
}

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

export interface SeedAccount {
  account_id: string;
  name: string;
  currency: string;
  /** @default 'active' */
  status?: AccountStatus;
}

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
export const TERMINAL_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];

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
