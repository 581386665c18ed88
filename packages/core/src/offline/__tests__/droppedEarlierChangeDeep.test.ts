// Found by review 44 (failed on the fix before it): a later entry that carried an earlier, dropped change
// below the first level of a nested field (two levels down, a sub-key the dropped change removed, an
// array it changed) sent it again: the walk now goes over both sides' keys at every depth, arrays whole.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function setup(limit: Record<string, unknown>) {
  let current: Record<string, unknown> = {
    spend_control_id: 'sc_1',
    version: 1,
    version_time: '2026-01-01T00:00:00Z',
    name: 'Travel',
    status: 'active',
    limit,
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

async function run(
  original: Record<string, unknown>,
  first: (limit: Record<string, unknown>) => Record<string, unknown>,
  second: (limit: Record<string, unknown>) => Record<string, unknown>,
) {
  const t = setup(original);
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
  outbox
    .update(t.client.spendControls, 'sc_1', { limit: first(structuredClone(shown().limit)) })
    .catch(() => {});
  await vi.advanceTimersByTimeAsync(0);
  // A later change, made over what the view shows (the first change included).
  outbox
    .update(t.client.spendControls, 'sc_1', { limit: second(structuredClone(shown().limit)) })
    .catch(() => {});
  await vi.advanceTimersByTimeAsync(0);
  // The person thinks better of the first change and discards it.
  await outbox.discard(outbox.entries[0]!.id);
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

describe('a dropped earlier change in a nested field', () => {
  it('control: one level down it is held as a conflict (carried() finds it)', async () => {
    const r = await run(
      { amount: 500, currency: 'USD' },
      (l) => ({ ...l, amount: 900 }),
      (l) => ({ ...l, currency: 'EUR' }),
    );
    expect(r.statuses).toEqual(['conflict']);
    expect(r.patches).toEqual([]);
  });

  it('two levels down: the discarded value is not sent', async () => {
    const r = await run(
      { amount: 500, currency: 'USD', alert: { at: 400, email: 'a@example.com' } },
      // Dropped: the alert threshold raised to 480.
      (l) => ({ ...l, alert: { ...(l.alert as object), at: 480 } }),
      // Kept: only the alert's e-mail changes.
      (l) => ({ ...l, alert: { ...(l.alert as object), email: 'b@example.com' } }),
    );
    // Either held as a conflict (like the one-level case) or sent without the discarded 480.
    expect((r.limit as { alert: { at: number } }).alert.at).toBe(400);
  });

  it('a sub-key the discarded change removed is not removed by the later one', async () => {
    const r = await run(
      { amount: 500, currency: 'USD', note: 'keep me' },
      // Dropped: the note removed.
      (l) => {
        const { note: _, ...rest } = l;
        return rest;
      },
      (l) => ({ ...l, currency: 'EUR' }),
    );
    expect((r.limit as { note?: string }).note).toBe('keep me');
  });

  it('inside an array: the discarded removal of an element does not go with a later append', async () => {
    const r = await run(
      { amount: 500, currency: 'USD', merchants: ['air', 'rail'] },
      // Dropped: 'rail' removed.
      (l) => ({ ...l, merchants: ['air'] }),
      // Kept: 'hotel' added to what the view showed.
      (l) => ({ ...l, merchants: [...(l.merchants as string[]), 'hotel'] }),
    );
    expect((r.limit as { merchants: string[] }).merchants).toContain('rail');
  });
});
