import type { ServiceContext } from './context';
import { notFoundError } from './errors';
import { json } from './json';
import type { ListIndex } from './listIndex';
import { listRoute } from './listRoute';
import { plainRoute, type Routes } from './route';
import type { Account, AccountStatus } from './types';

const ACCOUNT_STATUSES: readonly AccountStatus[] = ['active', 'closing', 'closed'];

/**
 * `/accounts` (the list, filtered by `status`) and `/accounts/{id}` (GET, DELETE). No account
 * route takes a `version`: accounts have no historical reads, so the router refuses one.
 */
export function accountRoutes(index: ListIndex<Account>): (rest: readonly string[]) => Routes | undefined {
  const list = listRoute({
    path: 'accounts',
    filters: [{ field: 'status', values: ACCOUNT_STATUSES }],
    index,
  });
  return (rest) => {
    const [id] = rest;
    if (id === undefined) return new Map([['GET', list]]);
    if (rest.length > 1) return undefined;
    return new Map([
      ['GET', plainRoute((ctx) => getAccount(ctx, id))],
      ['DELETE', plainRoute((ctx) => deleteAccount(ctx, id))],
    ]);
  };
}

function readable(ctx: ServiceContext, id: string): Account | undefined {
  const account = ctx.data.accounts.get(id);
  return account && account.status !== 'closed' ? account : undefined;
}

const missing = (ctx: ServiceContext, id: string): Response =>
  notFoundError(ctx.traceId(), 'ResourceNotFound', `Account ${id} does not exist.`);

function setStatus(ctx: ServiceContext, account: Account, status: AccountStatus): Account {
  const next: Account = { ...account, status, version: account.version + 1, version_time: ctx.isoNow() };
  ctx.data.accounts.set(next.account_id, next);
  ctx.data.accountList.track(next.account_id, next);
  return next;
}

/** GET /accounts/{id} — the account until its deletion completes, then 404. */
function getAccount(ctx: ServiceContext, id: string): Response {
  const account = readable(ctx, id);
  return account ? json(account) : missing(ctx, id);
}

/**
 * DELETE /accounts/{id} — 202 with a task. The account reads `closing` meanwhile; when the task
 * completes it is gone (404), and a failed or cancelled deletion leaves it active again.
 */
function deleteAccount(ctx: ServiceContext, id: string): Response {
  const account = readable(ctx, id);
  if (!account) return missing(ctx, id);
  const running = ctx.data.deletions;
  const existing = running.get(id);
  const existingTask = existing === undefined ? undefined : ctx.tasks.get(existing);
  if (existingTask && account.status === 'closing') return accepted(ctx, existingTask);

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
  return accepted(ctx, task);
}

/** 202 with the task, and where to poll it: under `basePath`, like every route. */
function accepted(ctx: ServiceContext, task: { task_id: string }): Response {
  return json(task, 202, { location: `${ctx.options.basePath}/tasks/${encodeURIComponent(task.task_id)}` });
}
