import * as z from 'zod/mini';
import { nonEmptyString } from '../wire/wireSchemas';
import { builtInResource, nullable, versionFields } from './defineResource';

/** An account as read. Only its id and version are relied on; the rest is kept as sent. */
export const accountSchema = z.looseObject({
  account_id: nonEmptyString,
  ...versionFields,
  name: nullable(z.string()),
  status: nullable(z.string()),
  currency: nullable(z.string()),
});

/** An account as read (`account_id`, `status`, …); unknown fields are kept. */
export type Account = z.output<typeof accountSchema>;

/**
 * The built-in account resource (exported as `accountDefinition`): versioned, read-only, deleted
 * through a task with `client.accounts.delete`.
 */
export const accounts = builtInResource({
  type: 'account',
  idKey: 'account_id',
  schema: accountSchema,
  path: '/accounts',
  list: { filters: ['status'] },
});
