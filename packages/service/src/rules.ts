import type { RuleFailure } from './errors';
import type { Account, Money, SpendControl } from './types';
import type { CreateInput, PatchInput } from './validation';

/**
 * The 422 catalogue. Each check returns every failing rule, in a fixed order, so a request that
 * breaks several gets one `validation_errors` entry per rule.
 *
 * - AccountNotFound: the referenced account does not exist (create).
 * - AccountNotActive: the account is closing or closed, which forbids creating or changing its controls.
 * - CurrencyMismatch: limit.currency differs from the account's currency.
 * - LimitAmountExceeded: limit.amount is above the service maximum (`maxLimitAmount`).
 * - MutuallyExclusiveFields: a PATCH pauses the control and changes its limit at once; a paused
 *   control enforces no limit, so the pair is ambiguous and must be sent as two updates.
 * - IdempotencyKeyReused: checked by the idempotency store, not here.
 */
export interface RuleContext {
  maxLimitAmount: number;
}

function accountRules(account: Account | undefined, accountId: string): RuleFailure[] {
  if (!account) {
    return [
      {
        type: 'AccountNotFound',
        message: `Account ${accountId} does not exist.`,
        details: { account_id: accountId },
      },
    ];
  }
  if (account.status !== 'active') {
    return [
      {
        type: 'AccountNotActive',
        message: `Account ${accountId} is ${account.status}; its spend controls cannot be created or changed.`,
        details: { account_id: accountId, account_status: account.status },
      },
    ];
  }
  return [];
}

function limitRules(limit: Money, account: Account | undefined, ctx: RuleContext): RuleFailure[] {
  const failures: RuleFailure[] = [];
  if (account && limit.currency !== account.currency) {
    failures.push({
      type: 'CurrencyMismatch',
      message: `The limit is in ${limit.currency} but the account holds ${account.currency}.`,
      details: { currency: limit.currency, account_currency: account.currency },
    });
  }
  if (limit.amount > ctx.maxLimitAmount) {
    failures.push({
      type: 'LimitAmountExceeded',
      message: `limit.amount ${limit.amount} is above the maximum of ${ctx.maxLimitAmount}.`,
      details: { amount: limit.amount, max_amount: ctx.maxLimitAmount },
    });
  }
  return failures;
}

export function createRules(
  input: CreateInput,
  account: Account | undefined,
  ctx: RuleContext,
): RuleFailure[] {
  return [...accountRules(account, input.account_id), ...limitRules(input.limit, account, ctx)];
}

export function patchRules(
  patch: PatchInput,
  current: SpendControl,
  account: Account | undefined,
  ctx: RuleContext,
): RuleFailure[] {
  const failures = accountRules(account, current.account_id);
  if (patch.status === 'paused' && patch.limit !== undefined) {
    failures.push({
      type: 'MutuallyExclusiveFields',
      message: 'Pausing a spend control and changing its limit cannot be sent together; send two updates.',
      details: { fields: ['status', 'limit'] },
    });
  }
  if (patch.limit) failures.push(...limitRules(patch.limit, account, ctx));
  return failures;
}
