import * as z from 'zod/mini';
import { nonEmptyString } from '../wire/wireSchemas';
import { builtInResource, nullable, versionFields } from './defineResource';

export const moneySchema = z.looseObject({ amount: z.number(), currency: z.string() });

/** A spend control as read; unknown fields from the service are kept, absent ones read as null. */
export const spendControlSchema = z.looseObject({
  spend_control_id: nonEmptyString,
  ...versionFields,
  name: nullable(z.string()),
  status: nullable(z.enum(['active', 'paused'])),
  limit: nullable(moneySchema),
  interval: nullable(z.enum(['daily', 'weekly', 'monthly'])),
  account_id: nullable(z.string()),
});

/**
 * A spend control as read: id, `version`, `name`, `status`, `limit`, `interval`, and any other field sent.
 * The spec lets the service leave out a key whose value is null, so `name`, `status`, `limit`,
 * `interval` and `account_id` are typed `| null` (an absent key reads as `null`), a departure from
 * API.md's domain shape: check them (`control.limit?.amount`) before use.
 */
export type SpendControl = z.output<typeof spendControlSchema>;
/** An amount in a currency, as in a spend control's `limit`. */
export type Money = z.output<typeof moneySchema>;

/** Body of `POST /spend_controls`. */
export interface SpendControlInput {
  name: string;
  limit: { amount: number; currency: string };
  interval: 'daily' | 'weekly' | 'monthly';
  account_id: string;
  status?: 'active' | 'paused';
}

/**
 * The built-in spend control resource (exported as `spendControlDefinition`): versioned, with
 * history; `name`, `status`, `limit` and `interval` are updatable. `client.spendControls` is its client.
 */
export const spendControls = builtInResource({
  type: 'spend_control',
  idKey: 'spend_control_id',
  schema: spendControlSchema,
  path: '/spend_controls',
  updatable: ['name', 'status', 'limit', 'interval'],
  history: true,
  list: { filters: ['account_id', 'status', 'interval'] },
  createBody: (input: SpendControlInput) => input,
});

/** The fields an update of a spend control may carry, as its definition lists them. */
export type SpendControlUpdateKey = (typeof spendControls.updatable)[number];
