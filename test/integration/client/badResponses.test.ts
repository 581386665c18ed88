import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  type Client,
  createClient,
  createEntityStore,
  type EntityStore,
  GatewayError,
  RateLimitError,
  ResponseShapeError,
  ResponseTooLargeError,
} from '@vstore/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// By source path: the `@vstore/source` condition resolves @vstore/core to these same modules, so this
// preloads the deletion of the clients made below.
import { loadAccountDeletion } from '../../../packages/core/src/reads/accountClient';
import { type BadResponse, badResponses, CORPUS_TOKEN } from '../../fixtures/badResponses';

const seeded = {
  spend_control_id: 'sc_1',
  version: 1,
  version_time: '2024-01-01T00:00:00Z',
  name: 'Travel',
  status: 'active',
  limit: { amount: 5000, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
};
const input = {
  name: 'Fuel',
  limit: { amount: 1, currency: 'USD' },
  interval: 'weekly',
  account_id: 'acc_1',
} as const;

function seededStore(): EntityStore {
  const store = createEntityStore();
  store.apply('spend_control', 'sc_1', seeded);
  store.apply('account', 'acc_1', { account_id: 'acc_1', version: 1, version_time: 't', name: 'Acme' });
  store.apply('task', 'task_1', { task_id: 'task_1', status: 'running' });
  return store;
}

function call(client: Client, which: BadResponse['call']): Promise<unknown> {
  switch (which) {
    case 'get':
      return client.spendControls.get('sc_1');
    case 'historical':
      return client.spendControls.get('sc_1', { version: 2 });
    case 'history':
      return client.spendControls.history('sc_1');
    case 'update':
      return client.spendControls.update('sc_1', { name: 'x' });
    case 'create':
      return client.spendControls.create(input);
    case 'task':
      return client.tasks.get('task_1');
    case 'deleteAccount':
      return client.accounts.delete('acc_1');
  }
}

const classes = {
  ApiError,
  GatewayError,
  RateLimitError,
  ResponseShapeError,
  ResponseTooLargeError,
} as const;

/** Every way an error gets shown or shipped. */
const renderings = (error: unknown) => {
  const e = error as ApiError;
  return [e.message, String(e.stack), JSON.stringify(e), JSON.stringify(e.body ?? null)];
};

/** The store's whole observable state (latest, tombstones, the historical slot a bad read could fill). */
const snapshot = (store: EntityStore) =>
  JSON.stringify([store.dehydrate(), store.getVersion('spend_control', 'sc_1', 2) ?? null]);

/** Runs one case against `fetch`; returns what the call settled with and what it did to the store. */
async function exercise(
  bad: BadResponse,
  client: (store: EntityStore) => Client,
  settle: (p: Promise<unknown>) => Promise<unknown>,
) {
  const store = seededStore();
  const before = snapshot(store);
  const changes: unknown[] = [];
  const watching = store.changes.subscribe((change) => changes.push(change));
  const error = await settle(
    call(client(store), bad.call).then(
      () => 'resolved',
      (e: unknown) => e,
    ),
  );
  watching.unsubscribe();
  // Every case is a typed error; all but an over-long body are ApiErrors (that one was never read).
  expect(error).toBeInstanceOf(bad.error === 'ResponseTooLargeError' ? Error : ApiError);
  expect((error as Error).constructor).toBe(classes[bad.error]);
  if (bad.echoesToken) for (const text of renderings(error)) expect(text).not.toContain(CORPUS_TOKEN);
  if (bad.reconciled) {
    expect(error).toMatchObject({ outcomeUnknown: true });
    expect((error as Error).message).toContain('outcome of this write is unknown');
  }
  expect((error as Error).message).not.toMatch(/\.\./);
  expect((error as Error).name).toBe(bad.error);
  expect(snapshot(store)).toBe(before);
  expect(changes).toEqual([]);
  expect(({} as Record<string, unknown>).version).toBeUndefined();
  expect(({} as Record<string, unknown>).amount).toBeUndefined();
}

const RESPONSE_OK = (status: number) => status >= 200 && status <= 599;

describe('bad-input corpus', () => {
  it('has at least 40 distinct cases', () => {
    expect(badResponses.length).toBeGreaterThanOrEqual(40);
    expect(new Set(badResponses.map((b) => b.name)).size).toBe(badResponses.length);
    expect(badResponses.every((b) => RESPONSE_OK(b.status))).toBe(true);
  });

  describe('with default retry options, in fake time', () => {
    // The first deletion loads its code before sending; loaded here, in real time, a deletion is
    // sent at the fake clock's 0 as every other first request is.
    beforeAll(() => loadAccountDeletion());
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each(badResponses.map((b) => [b.name, b] as const))('%s', async (_, bad) => {
      vi.useFakeTimers();
      const start = Date.now();
      const sentAt: number[] = [];
      const methods: string[] = [];
      const fetch: typeof globalThis.fetch = async (_, init) => {
        sentAt.push(Date.now() - start);
        methods.push(init?.method ?? 'GET');
        return new Response(bad.body, { status: bad.status, headers: bad.headers ?? {} });
      };
      await exercise(
        bad,
        (store) => createClient({ baseUrl: 'https://api.test', getToken: () => CORPUS_TOKEN, store, fetch }),
        async (settled) => {
          // Generous: the worst case (429s without a usable Retry-After) waits well under 20 s.
          await vi.advanceTimersByTimeAsync(20_000);
          return settled;
        },
      );
      if (bad.reconciled) {
        // The write once, at once; then only reads (retried as GETs are) to settle it.
        expect(methods[0]).toBe('PATCH');
        expect(sentAt[0]).toBe(0);
        expect(methods.slice(1).every((m) => m === 'GET')).toBe(true);
        expect(methods.length).toBeGreaterThan(1);
      } else if (bad.retried) {
        expect(sentAt).toHaveLength(5);
        expect(Math.max(...sentAt)).toBeLessThanOrEqual(15_000);
      } else {
        expect(Math.max(...sentAt)).toBe(0);
        expect(sentAt.length).toBeLessThanOrEqual(2); // a gateway 401 refreshes the token once
      }
    });
  });

  describe('over loopback HTTP, with short configured waits', () => {
    let server: Server;
    let url = '';
    let current: BadResponse | undefined;
    beforeAll(async () => {
      server = createServer((req, res) => {
        req.resume();
        const bad = current;
        if (!bad) {
          res.writeHead(500).end();
          return;
        }
        res.writeHead(bad.status, { 'content-type': 'application/json', ...bad.headers });
        res.end(bad.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it.each(badResponses.map((b) => [b.name, b] as const))('%s', async (_, bad) => {
      current = bad;
      const started = performance.now();
      await exercise(
        bad,
        (store) =>
          createClient({
            baseUrl: url,
            getToken: () => CORPUS_TOKEN,
            store,
            retry: {
              maxAttempts: 3,
              baseDelayMs: 5,
              maxDelayMs: 20,
              defaultRetryAfterMs: 10,
              timeoutMs: 5000,
            },
          }),
        (settled) => settled,
      );
      expect(performance.now() - started).toBeLessThan(5000);
    });
  });
});
