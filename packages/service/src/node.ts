import { nodeHandlerOf } from './nodeBridge';
import { type ListeningService, type ListenOptions, listenNode } from './nodeServer';
import type { Service } from './service';

export type { ListeningService, ListenOptions } from './nodeServer';

/**
 * `@vstore/service/node`: serves a service over Node HTTP, on 127.0.0.1 and an ephemeral port
 * unless told otherwise. Its own entry, so `@vstore/service` (the fetch handler) bundles for a
 * browser or a worker without node:http; `service.listen(options)` loads this on first use.
 */
export function listen(service: Service, options?: ListenOptions): Promise<ListeningService> {
  const handler = nodeHandlerOf(service);
  if (!handler) return Promise.reject(new TypeError('listen() needs a service made by createService().'));
  return listenNode(handler, options);
}
