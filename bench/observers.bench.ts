// Observers against TanStack Query, over the same stubs, measured in the same run:
// 1. subscribe-to-result: a fresh observer subscribes, its read runs over a stub that answers at once,
//    the result reaches `success` with nothing in flight, the observer leaves. vstore's
//    `observeResource` over a resource whose `get` is the stub (it stores the entity as core's reply
//    does) against `QueryObserver` with the stub as `queryFn`.
// 2. the whole read pipeline: `client.spendControls.get` over a stub `fetch` (token, transport, JSON,
//    zod, version gate, store) against `fetchQuery` whose `queryFn` calls the same stub, reads the
//    JSON and parses it with the same zod schema (staleTime 0, so every call reads).
// TanStack runs with default options and prebuilt keys (FIELD-NOTES: non-empty defaults cost 3–6x).
import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { createClient, observeResource, spendControlSchema } from '../packages/core/src/index';
import type { BenchCheck, BenchRow, SuiteResult } from './harness';
import { formatRatio, median } from './harness';

const IDS = Array.from({ length: 1000 }, (_, i) => `sc_${i}`);
const entity = (id: string) => ({
  spend_control_id: id,
  version: 1,
  version_time: '2026-01-01T00:00:00Z',
  name: `Control ${id}`,
  status: 'active',
  limit: { amount: 100, currency: 'USD' },
  interval: 'monthly',
  account_id: 'acc_1',
});
const ENTITIES = new Map(IDS.map((id) => [id, entity(id)]));
const BODIES = new Map(IDS.map((id) => [id, JSON.stringify(entity(id))]));

/** The stub `fetch`: answers every GET at once with the entity its path names. */
const stubFetch = async (url: string | URL | Request): Promise<Response> =>
  new Response(BODIES.get(String(url).split('/').at(-1) ?? ''), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** Ops/s of `op` over about `roundMs`. */
async function round(op: (i: number) => Promise<unknown>, roundMs: number): Promise<number> {
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < roundMs) {
    for (let i = 0; i < 200; i += 1) await op(ops + i);
    ops += 200;
    elapsed = performance.now() - start;
  }
  return (ops / elapsed) * 1000;
}

/** Median ops/s per case; cases take turns round by round so load changes hit them alike. */
async function measureAll(ops: readonly ((i: number) => Promise<unknown>)[], rounds = 7, roundMs = 300) {
  const rates: number[][] = ops.map(() => []);
  for (let r = -1; r < rounds; r += 1)
    for (const [i, op] of ops.entries()) {
      const rate = await round(op, roundMs);
      if (r >= 0) rates[i]?.push(rate);
    }
  return rates.map((list) => median(list));
}

/** Resolves once `done(result)` holds, checked at subscribe and on every notification; then leaves. */
function until<R>(
  subscribe: (listener: () => void) => () => void,
  read: () => R,
  done: (result: R) => boolean,
) {
  return new Promise<void>((resolve) => {
    let off: (() => void) | undefined;
    let finished = false;
    const check = () => {
      if (finished || !done(read())) return;
      finished = true;
      off?.();
      resolve();
    };
    off = subscribe(check);
    if (finished) off();
    else check();
  });
}

export async function observersSuite(): Promise<SuiteResult> {
  // 1. subscribe-to-result
  const vClient = createClient({ baseUrl: 'http://svc.test', getToken: () => 'token' });
  const stubGet = async (id: string) => {
    vClient.store.apply('spend_control', id, ENTITIES.get(id) as object);
    return vClient.store.get('spend_control', id);
  };
  (vClient.spendControls as unknown as { get: unknown }).get = stubGet;
  const qc = new QueryClient();
  const KEYS = IDS.map((id) => ['spend_control', id] as const);
  const vstoreObserver = (i: number) => {
    const observer = observeResource(vClient.spendControls, IDS[i % IDS.length] as string);
    return until(observer.subscribe, observer.getResult, (r) => r.status === 'success' && !r.isFetching);
  };
  const tanstackObserver = (i: number) => {
    const key = KEYS[i % KEYS.length] as (typeof KEYS)[number];
    const observer = new QueryObserver(qc, { queryKey: key, queryFn: () => stubGet(key[1]) });
    return until(
      (listener) => observer.subscribe(listener),
      () => observer.getCurrentResult(),
      (r) => r.status === 'success' && !r.isFetching,
    );
  };

  // 2. the whole read pipeline
  const client = createClient({ baseUrl: 'http://svc.test', getToken: () => 'token', fetch: stubFetch });
  const pipeline = new QueryClient();
  const vstoreGet = (i: number) => client.spendControls.get(IDS[i % IDS.length] as string);
  const tanstackFetchQuery = (i: number) => {
    const key = KEYS[i % KEYS.length] as (typeof KEYS)[number];
    return pipeline.fetchQuery({
      queryKey: key,
      queryFn: async () =>
        spendControlSchema.parse(await (await stubFetch(`http://svc.test/spend_controls/${key[1]}`)).json()),
    });
  };

  // Each pair in its own rounds, the pipeline first: the observer pair leaves 1000 queries behind.
  const [vGet, tGet] = await measureAll([vstoreGet, tanstackFetchQuery]);
  pipeline.clear();
  const [vObs, tObs] = await measureAll([vstoreObserver, tanstackObserver]);
  qc.clear();
  const ratio1 = (vObs ?? 0) / (tObs ?? 1);
  const ratio2 = (vGet ?? 0) / (tGet ?? 1);
  const rows: BenchRow[] = [
    {
      label: 'TanStack QueryObserver subscribe → success (stub queryFn)',
      opsPerSec: tObs ?? 0,
      ratio: 1,
      ratioTo: 'x QueryObserver',
    },
    {
      label: 'vstore observeResource subscribe → success (same stub as get)',
      opsPerSec: vObs ?? 0,
      ratio: ratio1,
      ratioTo: 'x QueryObserver',
    },
    {
      label: 'TanStack fetchQuery + stub fetch + JSON + same zod schema',
      opsPerSec: tGet ?? 0,
      ratio: 1,
      ratioTo: 'x fetchQuery',
    },
    {
      label: 'vstore spendControls.get over the stub fetch (transport, zod, store)',
      opsPerSec: vGet ?? 0,
      ratio: ratio2,
      ratioTo: 'x fetchQuery',
    },
  ];
  const checks: BenchCheck[] = [
    {
      label: 'observer subscribe-to-result vs QueryObserver',
      measured: formatRatio(ratio1),
      target: '>= 1.0x',
      ok: ratio1 >= 1,
    },
    {
      label: 'read pipeline (get with zod) vs fetchQuery + zod',
      measured: formatRatio(ratio2),
      target: '>= 0.5x',
      ok: ratio2 >= 0.5,
    },
  ];
  return { name: 'observers', rows, checks };
}
