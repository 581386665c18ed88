import { map } from 'rxjs';
import type { ClientContext } from '../client/clientContext';
import { toPromise } from '../http/toPromise';
import { linkResource } from '../observers/resourceLink';
import { recordRead } from '../ssr/recordRead';
import { type Account, accounts } from './accounts';
import { type CallOptions, createResourceOps, type GetOptions } from './resourceClient';
import { type Task, taskSchema } from './tasks';

/** The client of `accounts`: read one, or start its deletion (a task). */
export interface AccountClient {
  /** The built-in `accountDefinition`. */
  readonly definition: typeof accounts;
  /** The latest state of an account (no `version` option: accounts have no history endpoint). */
  get(id: string, options?: Omit<GetOptions, 'version'>): Promise<Account>;
  /** Starts the deletion: resolves with the 202's task. Once that task completes, the account is removed from the store. */
  delete(id: string, options?: CallOptions): Promise<Task>;
}

export function createAccountClient(ctx: ClientContext): AccountClient {
  const ops = createResourceOps(accounts, ctx);
  return linkResource(
    {
      definition: accounts,
      get: (id, { signal, ...options } = {}) =>
        recordRead(ctx, accounts.type, id, 0, toPromise(ops.get$(id, options), signal), signal),
      delete(id, { signal, timeoutMs } = {}) {
        const request$ = ctx.transport
          .request({
            method: 'DELETE',
            path: accounts.paths.item(id),
            schema: taskSchema,
            resourceId: id,
            timeoutMs,
          })
          .pipe(
            map((task) => {
              ctx.store.apply('task', task.task_id, task);
              ctx.removals.watch(task.task_id, accounts.type, id);
              return ctx.store.get<Task>('task', task.task_id) ?? task;
            }),
          );
        return toPromise(request$, signal);
      },
    },
    ctx,
  );
}
