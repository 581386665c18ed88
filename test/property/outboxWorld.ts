import { createClient } from '@vstore/core';
import { createOutbox, memoryStorage } from '@vstore/core/offline';
import { createService, type ServiceOptions } from '@vstore/service';

export type Network = 'online' | 'offline' | 'lose';

/**
 * The outbox property's world (outbox.test.ts, and its counterexamples in outboxRegressions.test.ts):
 * an in-process service; the app's network, which can go offline or lose the answers of writes
 * (`onLost` runs once the answer is dropped); another writer on a network of its own; and `open`,
 * which makes the app's client and an outbox over the same storage, as each page load does.
 */
export function outboxWorld(serviceOptions: ServiceOptions = {}) {
  const service = createService({ rateLimit: false, ...serviceOptions });
  const network = { mode: 'online' as Network, onLost: async () => {} };
  const appFetch: typeof fetch = async (input, init) => {
    if (network.mode === 'offline') throw new TypeError('fetch failed');
    const response = await service.fetch(new Request(input, init));
    if (network.mode === 'lose' && init?.method && init.method !== 'GET') {
      await response.text();
      await network.onLost();
      throw new TypeError('fetch failed');
    }
    return response;
  };
  const makeClient = (fetchImpl: typeof fetch) =>
    createClient({
      baseUrl: 'http://svc.test',
      getToken: () => 'dev-token',
      fetch: fetchImpl,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
    });
  const other = makeClient((input, init) => service.fetch(new Request(input, init)));
  const storage = memoryStorage();
  const open = () => {
    const client = makeClient(appFetch);
    const outbox = createOutbox(client, {
      storage,
      locks: false,
      BroadcastChannel: false,
      isOnline: () => network.mode !== 'offline',
      backoff: { baseDelayMs: 2, maxDelayMs: 8 },
      landingGraceMs: 30,
    });
    return { client, outbox };
  };
  return { network, other, open };
}
