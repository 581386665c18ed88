// Found by review 43 (failed on an intermediate fix, 31f53bf): an entry made after an earlier one of the
// same entity that failed (a 422) turned into a conflict though nobody else wrote, once bases were
// compared by content at their own version. Only a nested field that still carries the dropped change is now.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup() {
  let current: Record<string, unknown> & { limit: { amount: number; currency: string } } = {
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
      const patch = JSON.parse(String(init.body));
      patches.push(patch);
      // A business rule: no limit above 10,000.
      if (patch.limit && patch.limit.amount > 10_000)
        return json({ message: 'Limit too high', type: 'LimitTooHigh', trace_id: 'tr_1' }, 422);
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

describe('review R3: a later entry after an earlier one the service refused', () => {
  it('is sent, not held as a conflict with nobody', async () => {
    const t = setup();
    t.net.online = true;
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
    // Offline: a typo (50,000), then the amount meant (800). Nobody else writes.
    const first = outbox.update(t.client.spendControls, 'sc_1', {
      limit: { amount: 50_000, currency: 'USD' },
    });
    first.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const second = outbox.update(t.client.spendControls, 'sc_1', { limit: { amount: 800, currency: 'USD' } });
    second.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    t.net.online = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect({
      statuses: outbox.entries.map((e) => e.status),
      conflict: outbox.entries[1]?.conflict?.theirs?.limit,
      amount: t.latest().limit.amount,
    }).toEqual({ statuses: ['failed'], conflict: undefined, amount: 800 });
    await outbox.close();
  });
});
