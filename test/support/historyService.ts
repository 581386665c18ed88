// The versioned service the outbox's lost-write tests share: spend control sc_1 and its history over
// a stub fetch, every PATCH the next version. A test scripts the network and another writer with it.
import { createClient } from '@vstore/core';

type Row = Record<string, unknown> & { version: number };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function historyService(online = true) {
  const versions: Row[] = [
    {
      spend_control_id: 'sc_1',
      version: 1,
      version_time: '2026-01-01T00:00:00Z',
      name: 'Travel',
      status: 'active',
      limit: { amount: 500, currency: 'USD' },
      interval: 'monthly',
      account_id: 'acc_1',
    },
  ];
  const latest = () => versions[versions.length - 1] as Row;
  /** Another writer's change: the next version. */
  const write = (patch: Record<string, unknown>) => {
    versions.push({ ...latest(), ...patch, version: latest().version + 1 });
  };
  // dropNextPatch: the connection drops before the PATCH arrives (nothing written); loseNextAnswer:
  // the PATCH is written and its answer lost. Either way the page then goes offline.
  const net = { online, dropNextPatch: false, loseNextAnswer: false };
  const patches: unknown[] = [];
  const offline = () => {
    net.online = false;
    return new TypeError('Failed to fetch');
  };
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!net.online) throw new TypeError('Failed to fetch');
    const { pathname } = new URL(String(input));
    if (pathname === '/spend_controls/sc_1/history') return json({ data: versions });
    if (pathname !== '/spend_controls/sc_1') return json({ message: 'not found' }, 404);
    if (init.method === 'PATCH') {
      if (net.dropNextPatch) {
        net.dropNextPatch = false;
        throw offline();
      }
      const patch = JSON.parse(String(init.body)) as Record<string, unknown>;
      patches.push(patch);
      write(patch);
      if (net.loseNextAnswer) {
        net.loseNextAnswer = false;
        throw offline();
      }
    }
    return json(latest());
  };
  /** A client of this service (a tab). */
  const newClient = () =>
    createClient({ baseUrl: 'http://svc.test', getToken: () => 't', fetch, retry: { maxAttempts: 1 } });
  return { client: newClient(), newClient, net, patches, write, latest };
}
