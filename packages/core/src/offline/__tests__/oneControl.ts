import { createClient } from '../../client/createClient';

// Test support, not a test file: a service of one spend control (sc_1, at version 1) behind a
// network that starts offline. Each PATCH is kept in `patches` and applied, unless `refuse` answers
// it instead; `other` is another writer's save, straight into the service.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Control = Record<string, unknown> & { version: number; limit: { amount: number; currency: string } };

export function oneControl(refuse?: (patch: Record<string, unknown>) => Response | undefined) {
  let current: Control = {
    spend_control_id: 'sc_1',
    version: 1,
    version_time: '2026-01-01T00:00:00Z',
    name: 'Travel',
    status: 'active',
    limit: { amount: 500, currency: 'USD' },
    interval: 'monthly',
    account_id: 'acc_1',
  };
  const patches: unknown[] = [];
  const net = { online: false };
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!net.online) throw new TypeError('Failed to fetch');
    if (init.method === 'PATCH') {
      const patch = JSON.parse(String(init.body)) as Record<string, unknown>;
      patches.push(patch);
      const refused = refuse?.(patch);
      if (refused) return refused;
      current = { ...current, ...patch, version: current.version + 1 };
    }
    return json(current);
  };
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 't',
    fetch,
    retry: { maxAttempts: 1 },
  });
  return {
    client,
    patches,
    net,
    latest: () => current,
    other(fields: Partial<Control>) {
      current = { ...current, ...fields, version: current.version + 1 };
      return current;
    },
  };
}
