import { ApiError, PollTimeoutError, type Task } from '@vstore/core';
import { describeError, isTransient, persist } from './persist';
import type { DeletionPlan } from './planSoak';
import type { PollRecord, SoakClient, SoakLedger } from './soakTypes';

/** Slack over maxDurationMs for timer lateness on two loaded cores; the overshoot is reported too. */
export const POLL_SLACK_MS = 500;

/**
 * Deletes an account and polls its task within the plan's bounds. A repeated DELETE while the first
 * is running returns the same task, so the application may repeat it after a lost answer.
 */
export async function runDeletion(soak: SoakClient, ledger: SoakLedger, plan: DeletionPlan): Promise<void> {
  const { client } = soak;
  const who = `client ${soak.plan.index} deletion of ${plan.account}`;
  ledger.operations++;
  const started = await persist(() => client.accounts.delete(plan.account));
  ledger.appRetries += started.attempts - 1;
  if (!started.ok) {
    // A lost 202 followed by a 404: the deletion ran and finished before the repeat. Nothing to poll.
    const gone = started.error instanceof ApiError && started.error.status === 404 && started.attempts > 1;
    if (!gone)
      ledger.violations.push({
        invariant: 'every intent lands',
        detail: `${who}: ${describeError(started.error)}`,
      });
    return;
  }
  ledger.operations++;
  const task: Task = started.value;
  const record: PollRecord = {
    client: soak.plan.index,
    plan,
    taskId: task.task_id,
    startedAt: Date.now(),
    endedAt: 0,
    outcome: 'running',
  };
  ledger.polls.push(record);
  const statuses: string[] = [];
  await new Promise<void>((resolve) => {
    const end = (outcome: string, error?: unknown) => {
      record.endedAt = Date.now();
      record.outcome = outcome;
      if (error instanceof PollTimeoutError) record.attempts = error.attempts;
      if (
        error !== undefined &&
        !(error instanceof Error && /^Task|^Poll/.test(error.name)) &&
        !isTransient(error)
      )
        ledger.violations.push({ invariant: 'polls end cleanly', detail: `${who}: ${describeError(error)}` });
      resolve();
    };
    client.tasks.poll(task.task_id, plan.bounds).subscribe({
      next: (t) => statuses.push(t.status),
      complete: () => end('completed'),
      error: (error: unknown) => end(error instanceof Error ? error.name : 'unknown', error),
    });
  });
  checkPoll(soak, ledger, record, statuses);
}

/** What can be checked the moment a poll ends; the rest waits for the service's final state. */
function checkPoll(soak: SoakClient, ledger: SoakLedger, record: PollRecord, statuses: string[]): void {
  const { plan } = record;
  const fail = (detail: string) =>
    ledger.violations.push({
      invariant: 'polls end within their bounds',
      detail: `client ${record.client} task ${record.taskId} (${plan.account}): ${detail}`,
    });
  ledger.checks += 4;
  const elapsed = record.endedAt - record.startedAt;
  if (elapsed > plan.bounds.maxDurationMs + POLL_SLACK_MS)
    fail(`ran ${elapsed} ms, bound ${plan.bounds.maxDurationMs} ms`);
  if (record.attempts !== undefined && record.attempts > plan.bounds.maxAttempts)
    fail(`${record.attempts} reads, bound ${plan.bounds.maxAttempts}`);
  if (new Set(statuses).size !== statuses.length) fail(`a status was emitted twice: ${statuses.join(', ')}`);
  const expected = { completed: 'completed', failed: 'TaskFailedError', cancelled: 'TaskCancelledError' }[
    plan.outcome
  ];
  const terminal = ['completed', 'TaskFailedError', 'TaskCancelledError'].includes(record.outcome);
  if (terminal && record.outcome !== expected) fail(`ended ${record.outcome}, planned ${plan.outcome}`);
  // A completed deletion tombstones the account at once: no stale read or event can bring it back.
  if (record.outcome === 'completed' && !soak.client.store.isRemoved('account', plan.account))
    fail('completed, yet the account is still in the store');
}
