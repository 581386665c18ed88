import {
  createClient,
  dehydrate,
  hydrate,
  observeHistory,
  observeResource,
  serializeSnapshot,
} from '@vstore/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const RUNS = { numRuns: 200 };
const IDS = ['sc_1', 'sc_2', 'sc_3'] as const;

const control = (id: string, version: number, name = `${id} v${version} </script> \u2028`) => ({
  spend_control_id: id,
  version,
  version_time: '2026-01-01T00:00:00Z',
  name,
  status: 'active',
  limit: { amount: version, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
});

/** A client over an in-memory service holding `versions[id]` versions of each id (0: a 404). */
function clientOver(versions: Readonly<Record<string, number>>) {
  const fetch = async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const [, , id = '', tail] = url.pathname.split('/');
    const top = versions[id] ?? 0;
    const [status, body] =
      top === 0
        ? [404, { type: 'not_found', message: `${id} not found`, trace_id: `tr_${id}` }]
        : tail === 'history'
          ? [200, { data: Array.from({ length: top }, (_, i) => control(id, i + 1)) }]
          : [200, control(id, Number(url.searchParams.get('version') ?? top))];
    return { status, headers: new Headers(), text: async () => JSON.stringify(body) } as unknown as Response;
  };
  return createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'token',
    fetch,
    retry: { maxAttempts: 1 },
  });
}

type Read = { id: string; kind: 'latest' | 'history' | number };
const read = fc.record({
  id: fc.constantFrom(...IDS),
  kind: fc.oneof(
    fc.constant('latest' as const),
    fc.constant('history' as const),
    fc.integer({ min: 1, max: 4 }),
  ),
});
const versions = fc.record({
  sc_1: fc.integer({ min: 0, max: 4 }),
  sc_2: fc.integer({ min: 0, max: 4 }),
  sc_3: fc.integer({ min: 0, max: 4 }),
});

type AnyClient = ReturnType<typeof clientOver>;
const observe = (client: AnyClient, { id, kind }: Read) =>
  kind === 'history'
    ? observeHistory(client.spendControls, id)
    : observeResource(client.spendControls, id, { version: kind === 'latest' ? 0 : kind });

/** What a page renders of a read: status, data and the error's class and message. */
const shown = (client: AnyClient, r: Read) => {
  const { status, data, error, isFetching } = observe(client, r).getResult();
  return {
    status,
    data,
    error: error && [Object.getPrototypeOf(error), error.name, error.message],
    isFetching,
  };
};

describe('client snapshot properties', () => {
  it('shows on a fresh client exactly what the server client shows, for any reads and outcomes', async () => {
    await fc.assert(
      fc.asyncProperty(versions, fc.array(read, { maxLength: 8 }), async (served, reads) => {
        const server = clientOver(served);
        for (const r of reads) {
          const call =
            r.kind === 'history'
              ? server.spendControls.history(r.id)
              : server.spendControls.get(r.id, { version: r.kind === 'latest' ? 0 : r.kind });
          await call.catch(() => undefined);
        }
        const text = serializeSnapshot(dehydrate(server));
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        const browser = clientOver(served);
        hydrate(browser, JSON.parse(text));
        for (const r of reads) expect(shown(browser, r)).toEqual(shown(server, r));
      }),
      RUNS,
    );
  });

  it('never moves a key back: after hydrate each latest version is the newer of held and given', async () => {
    await fc.assert(
      fc.asyncProperty(versions, versions, async (onServer, held) => {
        const server = clientOver(onServer);
        const browser = clientOver(held);
        for (const id of IDS) {
          await server.spendControls.get(id).catch(() => undefined);
          await browser.spendControls.get(id).catch(() => undefined);
        }
        hydrate(browser, JSON.parse(serializeSnapshot(dehydrate(server))));
        for (const id of IDS) {
          const newest = Math.max(onServer[id], held[id]);
          expect(browser.store.get<{ version: number }>('spend_control', id)?.version).toBe(
            newest || undefined,
          );
        }
      }),
      RUNS,
    );
  });
});
