import type { Client } from '@vstore/core';
import { type App, type InjectionKey, inject } from './vue';

const clientKey: InjectionKey<Client> = Symbol('vstore');

/** The plugin made by `createVStore`: install it with `app.use(plugin)`. */
export interface VStorePlugin {
  /** Provides the client to every component of `app` (called by `app.use`). */
  install(app: App): void;
  /** The client the plugin provides. */
  readonly client: Client;
}

/** The Vue plugin: `app.use(createVStore({ client }))` makes `client` available to every composable. */
export function createVStore(options: { client: Client }): VStorePlugin {
  const { client } = options;
  return { client, install: (app) => void app.provide(clientKey, client) };
}

/**
 * The client given explicitly, else the one the plugin provided. Passing it explicitly is how a
 * composable runs outside a component (a plain `effectScope`, a test, a store module).
 */
export function useClient(client?: Client): Client {
  const found = client ?? inject(clientKey, null);
  if (!found) {
    throw new Error('[vstore] no client: app.use(createVStore({ client }))');
  }
  return found;
}
