import type { Client } from '@vstore/core';

// Derived from the client itself, so the hooks stay in step with core's signatures.
type SpendControls = Client['spendControls'];
export type SpendControl = Awaited<ReturnType<SpendControls['get']>>;
export type SpendControlPatch = Parameters<SpendControls['update']>[1];
export type SpendControlRecipe = Parameters<SpendControls['edit']>[1];
export type SpendControlEditOptions = NonNullable<Parameters<SpendControls['edit']>[2]>;
export type Task = Awaited<ReturnType<Client['tasks']['get']>>;
export type TaskPollOptions = NonNullable<Parameters<Client['tasks']['poll']>[1]>;
