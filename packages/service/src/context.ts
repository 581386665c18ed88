import type { IdempotencyStore } from './idempotency';
import type { CursorSigner } from './listCursor';
import { createListIndex, type ListIndex } from './listIndex';
import type { ResolvedOptions } from './options';
import type { DeclaredRecord } from './resourceDeclaration';
import type { TaskRunner } from './taskRunner';
import type { Timers } from './timers';
import type { Account, SeedData, SpendControl } from './types';
import type { WebhookHub } from './webhookHub';

/** The service's data. Versions of a spend control are kept oldest first; the last is the latest. */
export interface ServiceData {
  spendControls: Map<string, SpendControl[]>;
  /** Every account, closed ones included (they read as 404 but still answer business rules). */
  accounts: Map<string, Account>;
  /** Accounts in creation order for `GET /accounts`, by status; a closed account is not listed. */
  accountList: ListIndex<Account>;
  /** Task id of the deletion still running, per account, so a repeated DELETE returns the same task. */
  deletions: Map<string, string>;
  /** Declared resources (`resources` option): every version per id, per type. */
  resources: Map<string, Map<string, DeclaredRecord[]>>;
  creates: number;
  /** Writes between their read and their commit (inside writeDelayMs). */
  pendingWrites: number;
}

/** What every route handler gets. */
export interface ServiceContext {
  readonly options: ResolvedOptions;
  readonly data: ServiceData;
  readonly timers: Timers;
  readonly hub: WebhookHub;
  readonly tasks: TaskRunner;
  readonly idempotency: IdempotencyStore;
  readonly cursors: CursorSigner;
  now(): number;
  isoNow(): string;
  traceId(): string;
}

export function createData(seed: SeedData, time: string): ServiceData {
  const data: ServiceData = {
    spendControls: new Map(),
    accounts: new Map(),
    accountList: createListIndex<Account>(['status'], (account) => account.status !== 'closed'),
    deletions: new Map(),
    resources: new Map(),
    creates: 0,
    pendingWrites: 0,
  };
  for (const a of seed.accounts ?? []) {
    const { account_id, name, currency } = a;
    const status = a.status ?? 'active';
    const account: Account = { account_id, version: 1, version_time: time, name, status, currency };
    data.accounts.set(account_id, account);
    data.accountList.track(account_id, account);
  }
  for (const sc of seed.spendControls ?? []) {
    const { spend_control_id, name, status, limit, interval, account_id } = sc;
    data.spendControls.set(spend_control_id, [
      {
        spend_control_id,
        version: 1,
        version_time: time,
        name,
        status,
        limit: { ...limit },
        interval,
        account_id,
      },
    ]);
  }
  return data;
}
