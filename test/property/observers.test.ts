import {
  createClient,
  dehydrate,
  hydrate,
  observeHistory,
  observeResource,
  type ResourceObserver,
} from '@vstore/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// For any interleaving of observer subscribes, unsubscribes and refetches, service replies in any
// order, and store writes from elsewhere (events): no observer's data ever goes back to an older
// version, and once every observer has left, no request is left in flight.

const control = (version: number) => ({
  spend_control_id: 'sc_1',
  version,
  version_time: '2026-01-01T00:00:00Z',
  name: `v${version}`,
  status: 'active',
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
});

type Op =
  | { kind: 'subscribe' | 'unsubscribe' | 'refetch' | 'load'; observer: number }
  | { kind: 'write'; event: boolean }
  | { kind: 'get' | 'history' }
  | { kind: 'getVersion'; version: number }
  | { kind: 'hydrate' }
  | { kind: 'reply' };

// Every kind of read: observers (latest, with maxAgeMs, a version, history), direct calls (get, a
// version, history), server-side preloads (`load`, and a snapshot hydrated from a server's client).
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('subscribe', 'unsubscribe', 'refetch', 'load'),
    observer: fc.nat({ max: 4 }),
  }) as fc.Arbitrary<Op>,
  fc.record({ kind: fc.constant('write' as const), event: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('get' as const, 'history' as const) }),
  fc.record({ kind: fc.constant('getVersion' as const), version: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ kind: 'hydrate' as const }),
  fc.constant({ kind: 'reply' as const }),
  fc.constant({ kind: 'reply' as const }),
);

// Lets every promise chain run: token lookup, transport, observers' settle handlers, microtask aborts.
const settle = () => new Promise((resolve) => setImmediate(resolve));

const topVersion = (data: unknown): number => {
  const value = Array.isArray(data) ? data.at(-1) : data;
  return (value as { version?: number } | undefined)?.version ?? 0;
};

describe('observers under any interleaving', () => {
  it('never show an older version, and leave no request in flight once everyone left', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(op, { maxLength: 40 }), async (s, ops) => {
        let serverVersion = 1;
        const open = new Set<object>();
        const fetch = (url: string | URL | Request, init: RequestInit = {}) =>
          new Promise<Response>((resolve, reject) => {
            const token = {};
            open.add(token);
            // The reply carries the service's state when the request arrived; it lands whenever the scheduler says.
            const at = serverVersion;
            const asked = Number(new URL(String(url)).searchParams.get('version') ?? 0);
            const body = String(url).includes('/history')
              ? { data: Array.from({ length: at }, (_, i) => control(i + 1)) }
              : control(asked >= 1 && asked <= at ? asked : at);
            init.signal?.addEventListener('abort', () => {
              open.delete(token);
              reject(new DOMException('aborted', 'AbortError'));
            });
            void s.schedule(Promise.resolve(), `reply v${at}`).then(() => {
              if (open.delete(token)) resolve(new Response(JSON.stringify(body), { status: 200 }));
            });
          });
        const client = createClient({
          baseUrl: 'http://svc.test',
          getToken: () => 'test-token',
          fetch: fetch as typeof globalThis.fetch,
          retry: { maxAttempts: 1 },
        });
        const observers: ResourceObserver<{ version: number } | { version: number }[]>[] = [
          observeResource(client.spendControls, 'sc_1'),
          observeResource(client.spendControls, 'sc_1'),
          observeResource(client.spendControls, 'sc_1', { maxAgeMs: 1000 }),
          observeHistory(client.spendControls, 'sc_1'),
          observeResource(client.spendControls, 'sc_1', { version: 1 }),
        ];
        // Direct calls leave when the test ends: their signal aborts, as a page's would.
        const calls = new AbortController();
        let loads = 0;
        const direct = (promise: Promise<unknown>) => void promise.catch(() => {});
        const seen = observers.map(() => 0);
        const offs: ((() => void) | undefined)[] = observers.map(() => undefined);
        // A version shown never gives way to an older one (nor to nothing).
        const check = () => {
          observers.forEach((observer, i) => {
            const version = topVersion(observer.getResult().data);
            expect(version, `observer ${i}`).toBeGreaterThanOrEqual(seen[i] ?? 0);
            seen[i] = version;
          });
        };
        for (const step of ops) {
          if (step.kind === 'subscribe' && !offs[step.observer])
            offs[step.observer] = observers[step.observer]?.subscribe(check);
          else if (step.kind === 'unsubscribe') {
            offs[step.observer]?.();
            offs[step.observer] = undefined;
          } else if (step.kind === 'refetch' && offs[step.observer]) void observers[step.observer]?.refetch();
          else if (step.kind === 'load') {
            // A server render's prefetch: it holds its read until it lands, subscribed or not.
            loads++;
            void observers[step.observer]?.load().finally(() => loads--);
          } else if (step.kind === 'get') direct(client.spendControls.get('sc_1', { signal: calls.signal }));
          else if (step.kind === 'getVersion' && step.version <= serverVersion)
            direct(client.spendControls.get('sc_1', { version: step.version, signal: calls.signal }));
          else if (step.kind === 'history')
            direct(client.spendControls.history('sc_1', { signal: calls.signal }));
          else if (step.kind === 'hydrate') {
            // A server rendered the page at some earlier version; its snapshot meets the gate here.
            const server = createClient({ baseUrl: 'http://svc.test', getToken: () => 'test-token' });
            server.store.apply('spend_control', 'sc_1', control(Math.max(1, serverVersion - 1)));
            hydrate(client, dehydrate(server));
          } else if (step.kind === 'write') {
            serverVersion++;
            if (step.event) client.store.apply('spend_control', 'sc_1', control(serverVersion));
          } else if (step.kind === 'reply' && s.count() > 0) await s.waitOne();
          await settle();
          check();
        }
        for (const off of offs) off?.();
        calls.abort();
        await settle();
        // Only a prefetch still waiting keeps a request going; every other read was let go.
        expect(open.size).toBeLessThanOrEqual(loads);
        // Replies may start reads of their own (history catching up with the store): wait those out too.
        for (let round = 0; round < 10 && (s.count() > 0 || open.size > 0); round++) {
          await s.waitAll();
          await settle();
        }
        expect(open.size).toBe(0);
        await s.waitAll();
      }),
      { numRuns: 300 },
    );
  });
});
