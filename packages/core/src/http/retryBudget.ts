import { checkedNumber } from './checkedNumber';
/** How many retries a client may spend; see {@link createRetryBudget}. */
export interface RetryBudget {
  /** Takes the cost of one retry; false (and nothing taken) when the budget cannot pay for it. */
  tryAcquire(cost: number): boolean;
  /** Called on every success: refills a little, up to capacity. */
  onSuccess(): void;
  readonly available: number;
}

/**
 * The client-wide retry budget: each retry spends tokens and each success refills some, so a
 * service failing broadly gets fewer retries instead of `maxAttempts` times the load.
 */
export interface RetryBudgetOptions {
  /** @default 500 */
  capacity?: number;
  /** Refilled per successful response. @default 1 */
  refillPerSuccess?: number;
}

/**
 * The AWS SDK's client-wide retry quota: every retry costs tokens (a timeout more than other
 * failures), successes refill slowly. While the service is failing broadly, the budget runs dry
 * and calls fail fast instead of multiplying the load by maxAttempts.
 */
export function createRetryBudget(options: RetryBudgetOptions = {}): RetryBudget {
  const capacity = checkedNumber('retry.budget.capacity', options.capacity, 500);
  const refill = checkedNumber('retry.budget.refillPerSuccess', options.refillPerSuccess, 1);
  let available = capacity;
  return {
    tryAcquire(cost) {
      if (cost > available) return false;
      available -= cost;
      return true;
    },
    onSuccess() {
      available = Math.min(capacity, available + refill);
    },
    get available() {
      return available;
    },
  };
}
