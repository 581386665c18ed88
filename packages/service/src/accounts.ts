import type { ServiceContext } from './context';
import { notFoundError, requestValidationError } from './errors';
import { json } from './json';
import type { Account, AccountStatus } from './types';

function readable(ctx: ServiceContext, id: string): Account | undefined {
  const account = ctx.data.accounts.get(id);
  return account && account.status !== 'closed' ? account : undefined;
}

const missing = (ctx: ServiceContext, id: string): Response =>
  notFoundError(ctx.traceId(), 'ResourceNotFound', `Account ${id} does not exist.`);

function setStatus(ctx: ServiceContext, account: Account, status: AccountStatus): Account {
  const next: Account = { ...account, status, version: account.version + 1, version_time: ctx.isoNow() };
  ctx.data.accounts.set(next.account_id, next);
  return next;
}

/** GET /accounts/{id} — accounts have no historical reads, so a `version` parameter is refused. */
export function getAccount(ctx: ServiceContext, url: URL, id: string): Response {
  if (url.searchParams.has('version')) {
    return requestValidationError(ctx.traceId(), [
      {
        location: 'query',
        field: 'version',
        code: 'unsupported_parameter',
        message: 'Accounts do not support historical reads; omit version.',
      },
    ]);
  }
  const account = readable(ctx, id);
  return account ? json(account) : missing(ctx, id);
}

/**
 * DELETE /accounts/{id} — 202 with a task. The account reads `closing` meanwhile; when the task
 * completes it is gone (404), and a failed or cancelled deletion leaves it active again.
 */
export function deleteAccount(ctx: ServiceContext, id: string): Response {
  const account = readable(ctx, id);
  if (!account) return missing(ctx, id);
  const running = ctx.data.deletions;
  const existing = running.get(id);
  const existingTask = existing === undefined ? undefined : ctx.tasks.get(existing);
  if (existingTask && account.status === 'closing') return accepted(existingTask);

  const closing = setStatus(ctx, account, 'closing');
  ctx.hub.publish('account.updated', closing);
  const task = ctx.tasks.start('account.delete', 'account', id, (outcome) => {
    running.delete(id);
    const latest = ctx.data.accounts.get(id);
    if (!latest) return;
    if (outcome === 'completed') ctx.hub.publish('account.deleted', setStatus(ctx, latest, 'closed'));
    else ctx.hub.publish('account.updated', setStatus(ctx, latest, 'active'));
  });
  running.set(id, task.task_id);
  return accepted(task);
}

function accepted(task: { task_id: string }): Response {
  return json(task, 202, { location: `/tasks/${encodeURIComponent(task.task_id)}` });
}
