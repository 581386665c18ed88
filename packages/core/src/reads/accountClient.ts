import { toPromise } from '../http/toPromise';
import { lazyModule } from '../lazy/lazyModule';
import type { createAccountDeletion } from '../resources/accountDeletion';
import { type Account, accounts } from '../resources/accounts';
import type { Task } from '../wire/task';
import { linkOf, linkPart, type ReadContext } from './readContext';
import {
  type CallOptions,
  createResourceClient,
  type GetOptions,
  type ResourceClient,
} from './resourceClient';

/** The client of `accounts`: read one or a list of them, or start a deletion (a task). */
export interface AccountClient extends Pick<ResourceClient<Account>, 'list'> {
  /** The built-in `accountDefinition`. */
  readonly definition: typeof accounts;
  /** The latest state of an account (no `version` option: accounts have no history endpoint). */
  get(id: string, options?: Omit<GetOptions, 'version'>): Promise<Account>;
  /**
   * Starts the deletion: resolves with the 202's task. Once that task completes, the account is
   * removed from the store. The page's first call loads the deletion's code (a dynamic import,
   * shared) before it sends; if that load fails, it rejects with the loader's own error, as `edit`
   * does, and the next call tries the load again.
   */
  delete(id: string, options?: CallOptions): Promise<Task>;
}

// The deletion and its removal watch load on the first `delete`: dashboards that delete no account
// do not ship them.
const deletionModule = lazyModule(() => import('../resources/accountDeletion'));

/** Loads what `accounts.delete` loads on its first call; from then on a deletion is sent at once. */
export const loadAccountDeletion = (): Promise<unknown> => deletionModule.load();

export function createAccountClient(ctx: ReadContext): AccountClient {
  const base = createResourceClient(accounts, ctx);
  // This client's deletion, with its removal watch: made by its first `delete`.
  let sendDeletion: ReturnType<typeof createAccountDeletion> | undefined;
  return linkPart(
    {
      definition: accounts,
      get: (id, options = {}) =>
        // Accounts list no `version` parameter (the spec: only such operations take historical reads).
        'version' in options && (options as GetOptions).version
          ? Promise.reject(new TypeError('account has no historical versions to read'))
          : base.get(id, options),
      list: base.list,
      delete: (id, { signal, timeoutMs } = {}) =>
        toPromise(
          deletionModule.use$((module) => {
            sendDeletion ??= module.createAccountDeletion(ctx, accounts);
            return sendDeletion(id, timeoutMs);
          }),
          signal,
        ),
    },
    linkOf(base),
  );
}
