// A guard from review 48, kept after the change it was written against was withdrawn: 06758cf..a1b3fe5
// rebased later pending updates onto a landed one (so a value the service normalised was not held as a
// conflict), and each review found a run in which that lost a write. Without the rebase this run
// holds the conflict (or keeps the discard), which is what it checks. What the review saw:
// a landed update rebases every later pending update of its entity onto what landed, even
// one whose base for that field came from an entry in between (not from the landed one). When the entry
// in between is then dropped (discarded), the later one no longer looks like it carries it, and the
// dropped change is sent. Before 06758cf the same run was held as a conflict (the control below).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function setup() {
  let current: Record<string, unknown> = {
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
  const net = { online: true };
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!net.online) throw new TypeError('Failed to fetch');
    if (init.method === 'PATCH') {
      const patch = JSON.parse(String(init.body));
      patches.push(patch);
      current = { ...current, ...patch, version: (current.version as number) + 1 };
    }
    return json(current);
  };
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 't',
    fetch,
    retry: { maxAttempts: 1 },
  });
  return { client, patches, net, latest: () => current };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function run(withFirst: boolean) {
  const t = setup();
  await t.client.spendControls.get('sc_1');
  t.net.online = false;
  const outbox = createOutbox(t.client, {
    storage: memoryStorage(),
    locks: false,
    BroadcastChannel: false,
    isOnline: () => t.net.online,
    backoff: { baseDelayMs: 5, maxDelayMs: 10 },
  });
  await outbox.ready;
  const shown = () => outbox.baseOf('spend_control', 'sc_1') as { limit: Record<string, unknown> };
  const edit = async (limit: (l: Record<string, unknown>) => Record<string, unknown>) => {
    outbox
      .update(t.client.spendControls, 'sc_1', { limit: limit(structuredClone(shown().limit)) })
      .catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
  };
  // E1 (lands): the amount to 700.
  if (withFirst) await edit((l) => ({ ...l, amount: 700 }));
  // E2 (discarded below): the amount to 900.
  await edit((l) => ({ ...l, amount: 900 }));
  // E3: only the currency, over what the view shows (E2's 900 included).
  await edit((l) => ({ ...l, currency: 'EUR' }));
  const dropped = outbox.entries.find(
    (e) => (e.patch?.limit as { amount: number } | undefined)?.amount === 900,
  )!;
  await outbox.discard(dropped.id);
  t.net.online = true;
  await vi.advanceTimersByTimeAsync(1000);
  const result = {
    statuses: outbox.entries.map((e) => e.status),
    limit: t.latest().limit,
    patches: t.patches,
  };
  await outbox.close();
  return result;
}

describe('a later entry whose base came from an entry in between that is discarded', () => {
  it('control: with no landed entry before them, the carried 900 is held as a conflict', async () => {
    const r = await run(false);
    expect(r.statuses).toEqual(['conflict']);
    expect(r.patches).toEqual([]);
  });

  it('after an earlier entry lands, the discarded 900 is still not sent', async () => {
    const r = await run(true);
    // Either held as a conflict (like the control) or sent without the discarded amount.
    expect(r.patches).not.toContainEqual({ limit: { amount: 900, currency: 'EUR' } });
    expect((r.limit as { amount: number }).amount).toBe(700);
  });
});
