import {
  createCrossTab,
  createDefaultEventRegistry,
  createEntityStore,
  createEventIngest,
  createOptimisticLayer,
  type EntityStore,
  type OptimisticHandle,
} from '@vstore/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createChannelHub } from '../../packages/core/src/crossTab/__tests__/channelHub';

// Every way data enters a client — responses, webhook events, messages from another tab, a
// server-rendered snapshot, optimistic changes and their confirmations — delivered in any order,
// some of them twice, must leave every key at the highest confirmed version, with no subscriber
// ever seeing a version go down and no optimistic change left once it was confirmed or failed.

const KEYS = ['sc_1', 'sc_2'] as const;
const TASK_STATUSES = ['pending', 'running', 'completed'] as const;
const RANK: Record<string, number> = { pending: 0, running: 1, completed: 2 };

const entity = (id: string, version: number) => ({
  spend_control_id: id,
  version,
  version_time: `2024-01-01T00:00:${String(version).padStart(2, '0')}Z`,
  name: `${id} v${version}`,
  status: 'active',
  limit: { amount: 100 * version, currency: 'EUR' },
  interval: 'monthly',
  account_id: 'acc_1',
});
const task = (status: string) => ({ task_id: 't1', status, operation: 'account.delete' });

type Source = 'response' | 'event' | 'hydrate';
interface Delivery {
  tab: 0 | 1;
  key: number;
  version: number;
  source: Source;
  duplicate: boolean;
  minor: number;
}
interface Optimistic {
  key: number;
  confirmWith: number; // 0: fail; n >= 1: confirm with version n
}

const scenario = fc
  .record({
    latest: fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
    extra: fc.array(
      fc.record({
        tab: fc.constantFrom(0 as const, 1 as const),
        key: fc.integer({ min: 0, max: 1 }),
        version: fc.integer({ min: 1, max: 6 }),
        source: fc.constantFrom<Source>('response', 'event', 'hydrate'),
        duplicate: fc.boolean(),
        minor: fc.integer({ min: 0, max: 9 }),
      }),
      { maxLength: 10 },
    ),
    firstSources: fc.array(fc.constantFrom<Source>('response', 'event', 'hydrate'), {
      minLength: 12,
      maxLength: 12,
    }),
    firstTabs: fc.array(fc.constantFrom(0 as const, 1 as const), { minLength: 12, maxLength: 12 }),
    optimistic: fc.array(
      fc.record({ key: fc.integer({ min: 0, max: 1 }), confirmWith: fc.nat({ max: 6 }) }),
      {
        maxLength: 4,
      },
    ),
    taskTabs: fc.array(fc.constantFrom(0 as const, 1 as const), { minLength: 3, maxLength: 3 }),
  })
  .map((s) => {
    // Every version of every key reaches some tab at least once; extras add duplicates and old news.
    const deliveries: Delivery[] = [];
    let i = 0;
    s.latest.forEach((latest, key) => {
      for (let version = 1; version <= latest; version++, i++) {
        const source = s.firstSources[i % 12] ?? 'response';
        deliveries.push({
          tab: s.firstTabs[i % 12] ?? 0,
          key,
          version,
          source,
          duplicate: false,
          minor: i % 10,
        });
      }
    });
    for (const d of s.extra) deliveries.push({ ...d, version: Math.min(d.version, s.latest[d.key] ?? 1) });
    const optimistic = s.optimistic.map(
      (o): Optimistic => ({ key: o.key, confirmWith: Math.min(o.confirmWith, s.latest[o.key] ?? 1) }),
    );
    return { latest: s.latest, deliveries, optimistic, taskTabs: s.taskTabs };
  });

/** Records what subscribers of each key see, to check it only ever moves forward. */
function watch(store: EntityStore, type: string, id: string, rank: (e: Record<string, unknown>) => number) {
  const seen: number[] = [];
  store.subscribe(type, id, () => {
    const held = store.get(type, id);
    if (held) seen.push(rank(held));
  });
  return seen;
}

const strictlyIncreasing = (xs: readonly number[]) => xs.every((x, i) => i === 0 || x > (xs[i - 1] ?? -1));

describe('the version gate under every interleaving', () => {
  it('ends every key at its highest confirmed version; subscribers only see versions go up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), scenario, async (s, { latest, deliveries, optimistic, taskTabs }) => {
        const hub = createChannelHub((deliver) => void s.schedule(Promise.resolve()).then(deliver));
        const tabs = [0, 1].map(() => {
          const store = createEntityStore();
          const crossTab = createCrossTab(store, { BroadcastChannel: hub.Channel });
          const ingest = createEventIngest(store, { registry: createDefaultEventRegistry() });
          return { store, crossTab, ingest };
        });
        const layer = createOptimisticLayer(tabs[0]!.store);
        const seen = tabs.map(({ store }) => ({
          keys: KEYS.map((id) => watch(store, 'spend_control', id, (e) => e.version as number)),
          task: watch(store, 'task', 't1', (e) => RANK[e.status as string] ?? -1),
        }));
        const views = KEYS.map((id) => {
          const versions: number[] = [];
          layer.observe<{ version: number }>('spend_control', id).subscribe((v) => {
            if (v) versions.push(v.version);
          });
          return versions;
        });

        const deliver = (d: Delivery) => {
          const tab = tabs[d.tab]!;
          const id = KEYS[d.key]!;
          const data = entity(id, d.version);
          if (d.source === 'response') tab.store.apply('spend_control', id, data, 'response');
          else if (d.source === 'event') {
            tab.ingest.ingest(
              JSON.parse(
                JSON.stringify({ schema_version: `1.${d.minor}`, event_type: 'spend_control.updated', data }),
              ),
            );
          } else {
            // A snapshot rendered by a server that knew this version: dehydrated, sent as JSON, hydrated.
            const server = createEntityStore();
            server.apply('spend_control', id, data);
            tab.store.hydrate(JSON.parse(JSON.stringify(server.dehydrate())));
          }
        };
        const scheduled: Promise<unknown>[] = [];
        for (const d of deliveries) {
          scheduled.push(s.schedule(Promise.resolve()).then(() => deliver(d)));
          if (d.duplicate) scheduled.push(s.schedule(Promise.resolve()).then(() => deliver(d)));
        }
        TASK_STATUSES.forEach((status, i) => {
          const store = tabs[taskTabs[i] ?? 0]!.store;
          scheduled.push(s.schedule(Promise.resolve()).then(() => store.apply('task', 't1', task(status))));
        });
        const handles: OptimisticHandle[] = [];
        for (const o of optimistic) {
          const id = KEYS[o.key]!;
          scheduled.push(
            s
              .schedule(Promise.resolve())
              .then(() => {
                const handle = layer.apply<{ name: string }>('spend_control', id, (draft) => {
                  draft.name = `${draft.name} (editing)`;
                });
                handles.push(handle);
                return s.schedule(Promise.resolve(handle));
              })
              .then((handle) => {
                if (o.confirmWith === 0) handle.fail();
                else handle.confirm(entity(id, o.confirmWith));
              }),
          );
        }

        await s.waitIdle();
        await Promise.all(scheduled);

        for (const [t, tab] of tabs.entries()) {
          KEYS.forEach((id, k) => {
            expect(tab.store.get('spend_control', id)).toEqual(entity(id, latest[k] ?? 0));
            expect(strictlyIncreasing(seen[t]!.keys[k]!)).toBe(true);
          });
          expect(tab.store.get('task', 't1')).toMatchObject({ status: 'completed' });
          expect(strictlyIncreasing(seen[t]!.task)).toBe(true);
          tab.crossTab.close();
        }
        // The optimistic layer is gone, and the view is the store's own confirmed object again.
        expect(handles.every((h) => h.status === 'settled')).toBe(true);
        expect(layer.pendingKeys()).toEqual([]);
        KEYS.forEach((id, k) => {
          expect(layer.get('spend_control', id)).toBe(tabs[0]!.store.get('spend_control', id));
          expect(views[k]!.every((v, i) => i === 0 || v >= (views[k]![i - 1] ?? 0))).toBe(true);
        });
      }),
      { numRuns: 1000 },
    );
  });
});
