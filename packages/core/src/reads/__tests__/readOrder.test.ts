import fc from 'fast-check';
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../client/createClient';
import { observeResource } from '../../observers/observeResource';
import { dehydrate } from '../../ssr/dehydrate';
import { hydrate } from '../../ssr/hydrate';
import { contextOf } from '../readContext';
import { readKey } from '../readKey';

// The read entry is the only thing that changes a read's state: a hydrated server read, a direct
// `get` and an observer's read reach the same state whatever order they start and settle in (the
// old design's outcome depended on which `.then` was registered first on a shared promise).

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

// Time stands still: every outcome is recorded at the same moment, so only the order could differ.
const NOW = 5_000;
const frozen: SchedulerLike = { now: () => NOW, schedule: asyncScheduler.schedule.bind(asyncScheduler) };

/** A snapshot of a server's client that read v1 at time 1000. */
function serverSnapshot() {
  const server = createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'token',
    scheduler: { now: () => 1_000, schedule: asyncScheduler.schedule.bind(asyncScheduler) },
  });
  server.store.apply('spend_control', 'sc_1', control(1));
  const snapshot = JSON.parse(JSON.stringify(dehydrate(server)));
  snapshot.reads.push({ type: 'spend_control', id: 'sc_1', read: 0, confirmedAt: 1_000, settledAt: 1_000 });
  return snapshot;
}

describe('one owner per read', () => {
  it('ends in the same state after a hydrated read, a direct get and an observer read, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.boolean(), async (s, getFails) => {
        let requests = 0;
        const fetchImpl = () => {
          requests++;
          const failing = getFails && requests === 1;
          return s
            .schedule(Promise.resolve(), failing ? 'reply 503' : 'reply v2')
            .then(() =>
              failing
                ? new Response(JSON.stringify({ message: 'down' }), { status: 503 })
                : new Response(JSON.stringify(control(2)), { status: 200 }),
            );
        };
        const client = createClient({
          baseUrl: 'http://svc.test',
          getToken: () => 'token',
          fetch: fetchImpl as typeof fetch,
          scheduler: frozen,
          retry: { maxAttempts: 1 },
        });
        const observer = observeResource(client.spendControls, 'sc_1');
        let off: (() => void) | undefined;
        const actors = [
          s.schedule(Promise.resolve(), 'hydrate').then(() => hydrate(client, serverSnapshot())),
          s
            .schedule(Promise.resolve(), 'get')
            .then(() => client.spendControls.get('sc_1'))
            .catch(() => {}),
          s.schedule(Promise.resolve(), 'observe').then(() => {
            off = observer.subscribe(() => {});
          }),
        ];
        await s.waitFor(Promise.all(actors));
        // Let every read end (a reply may start another read); a failed first read is read again.
        const drain = async () => {
          for (let round = 0; round < 10; round++) {
            await s.waitAll();
            await new Promise((resolve) => setImmediate(resolve));
            if (s.count() === 0) return;
          }
        };
        await drain();
        if (observer.getResult().status === 'error') {
          const again = observer.refetch();
          await drain();
          await again;
        }
        off?.();
        const state = latestState(client);
        expect(client.store.get('spend_control', 'sc_1')).toMatchObject({ version: 2 });
        expect(state).toEqual({ isFetching: false, confirmedAt: NOW, settledAt: NOW, error: undefined });
      }),
      { numRuns: 200 },
    );
  });
});

/** The latest read's state, as its entry holds it. */
function latestState(client: ReturnType<typeof createClient>) {
  const state = contextOf(client).reads.peek(readKey('spend_control', 'sc_1', 0))?.state;
  return {
    isFetching: state?.isFetching,
    confirmedAt: state?.confirmedAt,
    settledAt: state?.settledAt,
    error: state?.error,
  };
}
