import type { Client } from '@vstore/core';

// Derived from the client itself, so the hooks stay in step with core's signatures.
type SpendControls = Client['spendControls'];
/** A spend control as the hooks return it (core's `SpendControl`, derived from the client). */
export type SpendControl = Awaited<ReturnType<SpendControls['get']>>;
/** The fields `mutate` may send to a spend control: `name`, `status`, `limit`, `interval`. */
export type SpendControlPatch = Parameters<SpendControls['update']>[1];
/** An immer recipe over a spend control's latest state, for `edit`. */
export type SpendControlRecipe = Parameters<SpendControls['edit']>[1];
/**
 * Options of `edit` on spend controls (`onConflict`, `baseVersion`, `maxAttempts`, …): core's
 * `EditOptions`.
 */
export type SpendControlEditOptions = NonNullable<Parameters<SpendControls['edit']>[2]>;
/** A task as `useTask` returns it (core's `Task`). */
export type Task = Awaited<ReturnType<Client['tasks']['get']>>;
/**
 * Options of `useTask`: the poll schedule and its bounds, pausing while the page is hidden, a timeout per
 * request.
 */
export type TaskPollOptions = NonNullable<Parameters<Client['tasks']['poll']>[1]>;
