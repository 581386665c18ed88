// Found by review 44 (failed on the fix before it): the outbox's view threw what its readers threw into
// the step that changed it, so a reader throwing while a write failed left the write's promise unsettled
// and storage saying 'sending'. The overlay now reports a reader's error and the step finishes.
import { config } from 'rxjs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient } from '../../client/createClient';
import { observeResource } from '../../observers/observeResource';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const reported: unknown[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  reported.length = 0;
  config.onUnhandledError = (error) => reported.push(error);
});
afterEach(() => {
  config.onUnhandledError = null;
  vi.useRealTimers();
});

it('settles a failed write even when a reader of its entity throws while told', async () => {
  const current = {
    spend_control_id: 'sc_1',
    version: 1,
    version_time: '2026-01-01T00:00:00Z',
    name: 'Travel',
    status: 'active',
    limit: { amount: 500, currency: 'USD' },
    interval: 'monthly',
    account_id: 'acc_1',
  };
  const net = { online: true };
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!net.online) throw new TypeError('Failed to fetch');
    if (init.method === 'PATCH')
      return json({ message: 'Name taken', type: 'NameTaken', trace_id: 'tr_1' }, 422);
    return json(current);
  };
  const client = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 't',
    fetch,
    retry: { maxAttempts: 1 },
  });
  await client.spendControls.get('sc_1');
  const detail = observeResource(client.spendControls, 'sc_1', { maxAgeMs: 60_000 });
  let failing = false;
  const off = detail.subscribe(() => {
    if (failing) throw new Error('a component that went away');
  });
  await vi.advanceTimersByTimeAsync(0);
  net.online = false;
  const storage = memoryStorage();
  const outbox = createOutbox(client, {
    storage,
    locks: false,
    BroadcastChannel: false,
    isOnline: () => net.online,
    backoff: { baseDelayMs: 5, maxDelayMs: 10 },
  });
  await outbox.ready;
  let outcome = 'unsettled';
  outbox.update(client.spendControls, 'sc_1', { name: 'Taken' }).then(
    () => (outcome = 'landed'),
    (error: Error) => (outcome = `rejected: ${error.message}`),
  );
  await vi.advanceTimersByTimeAsync(0);
  failing = true;
  net.online = true;
  await vi.advanceTimersByTimeAsync(1000);
  failing = false;
  const stored = await Promise.all((await storage.keys()).map((k) => storage.get(k)));
  expect({
    outcome,
    listed: outbox.entries.map((e) => e.status),
    stored: stored.map((s) => (s as { status: string }).status),
  }).toEqual({ outcome: expect.stringMatching(/^rejected/), listed: ['failed'], stored: ['failed'] });
  // What the reader threw is not lost: reported, as every listener's error is.
  expect(reported.length).toBeGreaterThan(0);
  off();
  await outbox.close();
});
