// The fake outbox client the React and Vue useOutbox tests share: one service double, one storage.
import { createClient, type SpendControl } from '@vstore/core';
import { createOutbox, memoryStorage, type OutboxStorage } from '@vstore/core/offline';

/** A spend control as the fake service holds it. */
export const stored = (version: number, fields: Partial<SpendControl> = {}): SpendControl =>
  Object.freeze({
    spend_control_id: 'sc_1',
    version,
    version_time: '2026-01-01T00:00:00Z',
    name: 'Travel',
    status: 'active',
    limit: Object.freeze({ amount: 500, currency: 'USD' }),
    interval: 'monthly',
    account_id: 'acc_1',
    ...fields,
  }) as SpendControl;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A real client over a fake service of one spend control (GET and PATCH of sc_1) behind a network the
 * test takes offline and back (`net.online`): offline, every request fails as fetch does. Each PATCH
 * is kept in `patches` and applied, unless `refuse` answers it instead; `other(patch)` is another
 * writer's save, straight into the service.
 */
export function controlService({
  online = true,
  refuse,
}: {
  online?: boolean;
  refuse?: (patch: Record<string, unknown>) => Response | undefined;
} = {}) {
  const net = { online };
  let current = stored(1);
  const patches: Record<string, unknown>[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!net.online) throw new TypeError('Failed to fetch');
    const url = new URL(String(input));
    if (url.pathname !== '/spend_controls/sc_1') return json({ message: 'not found' }, 404);
    if (init.method === 'PATCH') {
      const patch = JSON.parse(String(init.body)) as Record<string, unknown>;
      patches.push(patch);
      const refused = refuse?.(patch);
      if (refused) return refused;
      current = { ...current, ...patch, version: current.version + 1 } as SpendControl;
    }
    return json(current);
  };
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'test-token',
    fetch,
    retry: { maxAttempts: 1 },
  });
  return {
    client,
    net,
    patches,
    latest: () => current,
    other(patch: Partial<SpendControl>) {
      current = { ...current, ...patch, version: current.version + 1 } as SpendControl;
      return current;
    },
  };
}

/**
 * A real client and outbox over `controlService`, which the test takes offline and back; the outbox
 * sees the page as offline while it is.
 */
export function outboxClient(storage: OutboxStorage = memoryStorage()) {
  const { client, net, patches, latest, other } = controlService();
  const outbox = createOutbox(client, {
    storage,
    locks: false,
    BroadcastChannel: false,
    isOnline: () => net.online,
    backoff: { baseDelayMs: 5, maxDelayMs: 10 },
  });
  return {
    client,
    outbox,
    storage,
    patches,
    latest,
    other,
    offline() {
      net.online = false;
    },
    /** Back online: the `online` event of the window, as a browser fires it. */
    online() {
      net.online = true;
      globalThis.dispatchEvent(new Event('online'));
    },
  };
}
