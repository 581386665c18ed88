// Review: API.md says a pending outbox entry "is sent again on the `online` event of `globalThis`".
// No test can fail on it: the integration tests' window_online() is `globalThis.dispatchEvent?.(…)`,
// which does nothing under Node (globalThis has no dispatchEvent there, and createOutbox's
// `addEventListener?.` registers nothing either), and every other test's backoff (5–40 ms) sends the
// entry anyway. Deleting the listener, or online() no longer clearing the backoff, passes the suite.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spendControl } from '../../client/__tests__/scripted';
import { createClient } from '../../client/createClient';
import { createOutbox } from '../createOutbox';
import { memoryStorage } from '../outboxStorage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** One spend control on a service that keeps every version; `offline` fails every request. */
function service() {
  let current: Record<string, unknown> = spendControl(1);
  const state = { offline: false };
  const patches: Record<string, unknown>[] = [];
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    if (state.offline) throw new TypeError('fetch failed');
    if (init.method === 'PATCH') {
      const patch = JSON.parse(String(init.body));
      patches.push(patch);
      current = { ...current, ...patch, version: (current.version as number) + 1 };
    }
    return json(current);
  };
  return { fetch, state, patches };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the outbox on the online event', () => {
  it('sends a pending entry on the online event, without waiting out its backoff', async () => {
    const target = new EventTarget();
    vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
    vi.stubGlobal('removeEventListener', target.removeEventListener.bind(target));
    const svc = service();
    const client = createClient({
      baseUrl: 'http://svc.test',
      getToken: () => 'tok',
      fetch: svc.fetch,
      retry: { maxAttempts: 1 },
    });
    await client.spendControls.get('sc_1');
    let online = true;
    const outbox = createOutbox(client, {
      storage: memoryStorage(),
      locks: false,
      BroadcastChannel: false,
      isOnline: () => online,
      backoff: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
      random: () => 1,
    });
    await outbox.ready;
    // The network drops (navigator.onLine not yet false): the send fails and waits out a 60 s backoff.
    svc.state.offline = true;
    const write = outbox.update(client.spendControls, 'sc_1', { name: 'Back' });
    write.catch(() => {});
    await vi.advanceTimersByTimeAsync(10);
    expect(outbox.entries[0]?.status).toBe('pending');
    expect(outbox.entries[0]?.error).toBeDefined();
    online = false;
    await vi.advanceTimersByTimeAsync(1000);
    // Back: the browser fires `online`; the entry goes now, not in a minute.
    svc.state.offline = false;
    online = true;
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10);
    expect(svc.patches).toEqual([{ name: 'Back' }]);
    await expect(write).resolves.toMatchObject({ name: 'Back' });
    await outbox.close();
  });
});
