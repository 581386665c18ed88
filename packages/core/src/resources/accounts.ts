import * as z from 'zod/mini';
import { defineResource, nullable, versionFields } from './defineResource';

/** An account as read. Only its id and version are relied on; the rest is kept as sent. */
export const accountSchema = z.looseObject({
  account_id: z.string().check(z.minLength(1)),
  ...versionFields,
  name: nullable(z.string()),
  status: nullable(z.string()),
  currency: nullable(z.string()),
});

export type Account = z.output<typeof accountSchema>;

export const accounts = defineResource({
  type: 'account',
  idKey: 'account_id',
  schema: accountSchema,
  path: '/accounts',
});
