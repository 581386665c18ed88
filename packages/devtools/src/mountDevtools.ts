import {
  DEVTOOLS_TAG,
  type DevtoolsClient,
  defineDevtoolsElement,
  type VstoreDevtoolsElement,
} from './devtoolsElement';

/** Options of `mountDevtools`: where the panel goes, how many writes it keeps, whether it starts open. */
export interface MountDevtoolsOptions {
  /**
   * Where the panel is appended. It docks to the window whatever the target (a rail down the side
   * when collapsed, the bottom or a side when open); pass one to keep it inside a subtree you remove
   * yourself.
   * @default document.body
   */
  target?: Element | DocumentFragment;
  /**
   * Writes kept in the timeline; older ones are dropped.
   * @default 500
   */
  capacity?: number;
  /**
   * Whether the panel starts expanded.
   * @default false
   */
  open?: boolean;
}

/**
 * Shows `client`'s store and reads in a `<vstore-devtools>` panel. Returns the unmount function, which
 * removes the element, gives the page back the room it took and stops following `store.changes` and
 * the client's reads. For development builds: what is worth a look (stale, deleted and removed
 * writes, failed reads) apart from routine writes, every key, any entity's fields and cached
 * versions, every read with its state (a list's pages), and every write the store sees with its
 * origin and versions.
 *
 * @example
 * ```ts
 * import { createClient } from '@vstore/core';
 * import { mountDevtools } from '@vstore/devtools';
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8080', getToken: () => 'dev-token' });
 * const unmount = mountDevtools(client, { open: true, capacity: 1000 }); // development builds only
 * ```
 */
export function mountDevtools(client: DevtoolsClient, options: MountDevtoolsOptions = {}): () => void {
  if (!defineDevtoolsElement())
    throw new TypeError('mountDevtools needs a DOM with customElements (a browser)');
  const element = document.createElement(DEVTOOLS_TAG) as VstoreDevtoolsElement;
  if (options.capacity !== undefined) element.capacity = options.capacity;
  if (options.open === true) element.open = true;
  element.client = client;
  (options.target ?? document.body).append(element);
  return () => element.remove();
}
