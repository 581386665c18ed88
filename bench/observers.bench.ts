// Observers and reads against TanStack Query, over the same stubs, measured in the same run.
// Every vstore read here is the whole read: transport, JSON, the built-in zod/mini schema, the store's
// version gate and freeze. TanStack's `queryFn` does the same decoding work (JSON.parse and a
// safeParse with the same schema), so both sides parse and validate each reply once.
// 1. many observers at once: n observers of n distinct keys subscribed together, every read settled,
//    then all leave; time per observer at 1k, 10k and 100k (the shape of a dashboard with many rows).
// 2. subscribe-to-result: one observer at a time subscribes, its read settles, it leaves.
// 3. the read pipeline: `client.spendControls.get` over a stub `fetch` against `fetchQuery` whose
//    `queryFn` calls the same stub, reads the JSON and parses it with the same schema.
// TanStack runs with default options and prebuilt keys (FIELD-NOTES: non-empty defaults cost 3–6x).
// vstore is imported as an app gets it, the built package (`pnpm bench` builds first), not the source
// through tsx, whose keepNames wrapper around every function made per read cost it about a quarter.
import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { createClient, observeResource, type RawResponse, type Send, spendControlSchema } from '@vstore/core';
import { Observable } from 'rxjs';
import { safeParse } from 'zod/mini';
import type { BenchCheck, BenchRow, SuiteResult } from './harness';
import { formatRatio, median, settledHeap } from './harness';

/** Counted rounds of the many-observers case, each size and library once per round. */
const MANY_ROUNDS = 4;
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
const bodyOf = (id: string) => JSON.stringify(entity(id));
const HEADERS = new Headers({ 'content-type': 'application/json' });

/** A `Send` that answers every GET a microtask later with the entity its path names, as text. */
const stubSend: Send = (request) =>
  new Observable<RawResponse>((subscriber) => {
    const id = request.url.slice(request.url.lastIndexOf('/') + 1);
    queueMicrotask(() => {
      subscriber.next({ status: 200, headers: HEADERS, text: bodyOf(id) });
      subscriber.complete();
    });
  });

/** TanStack's `queryFn` over the same reply: the same text, parsed and validated with the same schema. */
const decode = async (id: string) => {
  const result = safeParse(spendControlSchema, JSON.parse(bodyOf(id)));
  if (!result.success) throw result.error;
  return result.data;
};

const newClient = (fetchImpl?: typeof fetch) =>
  createClient({
    baseUrl: 'http://svc.test',
    getToken: () => 'token',
    ...(fetchImpl ? { fetch: fetchImpl } : { send: stubSend }),
  });

/** Milliseconds for `count` observers of distinct keys to subscribe, all settle, and all leave. */
async function manyObservers(kind: 'vstore' | 'tanstack', count: number): Promise<number> {
  const ids = Array.from({ length: count }, (_, i) => `sc_${i}`);
  const client = kind === 'vstore' ? newClient() : undefined;
  const queryClient = kind === 'tanstack' ? new QueryClient() : undefined;
  // Each side starts from a collected heap: the garbage the previous measurement left (10k-100k
  // observers and their reads) is not collected on the next one's time.
  settledHeap();
  const start = performance.now();
  const offs: (() => void)[] = [];
  await new Promise<void>((resolve) => {
    let settled = 0;
    const done = () => {
      if (++settled === count) resolve();
    };
    for (const id of ids) {
      if (client) {
        const observer = observeResource(client.spendControls, id);
        let seen = false;
        offs.push(
          observer.subscribe(() => {
            const r = observer.getResult();
            if (!seen && r.status === 'success' && !r.isFetching) {
              seen = true;
              done();
            }
          }),
        );
      } else if (queryClient) {
        const observer = new QueryObserver(queryClient, {
          queryKey: ['spend_control', id],
          queryFn: () => decode(id),
        });
        let seen = false;
        offs.push(
          observer.subscribe((r) => {
            if (!seen && r.status === 'success' && !r.isFetching) {
              seen = true;
              done();
            }
          }),
        );
      }
    }
  });
  for (const off of offs) off();
  const elapsed = performance.now() - start;
  queryClient?.clear();
  return elapsed;
}

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
  const rows: BenchRow[] = [];
  const checks: BenchCheck[] = [];

  // 1. many observers at once, the sizes interleaved round by round.
  const sizes = [1_000, 10_000, 100_000];
  const perObserver = new Map<string, number[]>();
  // A first round, not counted, warms both sides up; then each round changes which side goes first,
  // so neither always follows the other's heap.
  for (const kind of ['tanstack', 'vstore'] as const) await manyObservers(kind, 1_000);
  for (let r = 0; r < MANY_ROUNDS; r += 1)
    for (const size of sizes)
      for (const kind of r % 2 === 0
        ? (['tanstack', 'vstore'] as const)
        : (['vstore', 'tanstack'] as const)) {
        const ms = await manyObservers(kind, size);
        const key = `${kind}@${size}`;
        perObserver.set(key, [...(perObserver.get(key) ?? []), (ms * 1000) / size]);
      }
  const us = (kind: string, size: number) => median(perObserver.get(`${kind}@${size}`) ?? []);
  for (const size of sizes) {
    const t = us('tanstack', size);
    const v = us('vstore', size);
    rows.push(
      {
        label: `TanStack QueryObserver × ${size.toLocaleString('en')} distinct keys: subscribe, read, settle, leave`,
        value: `${t.toFixed(1)} µs/observer`,
        ratio: 1,
        ratioTo: 'x QueryObserver',
      },
      {
        label: `vstore observeResource × ${size.toLocaleString('en')} distinct keys: the same`,
        value: `${v.toFixed(1)} µs/observer`,
        ratio: t / v,
        ratioTo: 'x QueryObserver (speed)',
      },
    );
    checks.push({
      label: `many observers @ ${size.toLocaleString('en')}: speed vs QueryObserver`,
      measured: formatRatio(t / v),
      target: '>= 1.0x',
      ok: t / v >= 1,
    });
  }
  const flat = us('vstore', 100_000) / us('vstore', 1_000);
  checks.push({
    label: 'vstore time per observer, 100k vs 1k (flat)',
    measured: formatRatio(flat),
    target: '<= 2.0x',
    ok: flat <= 2,
  });

  // 2. subscribe-to-result, one observer at a time (1,000 keys in turn, so the cache stays at its bound).
  const IDS = Array.from({ length: 1000 }, (_, i) => `sc_${i}`);
  const KEYS = IDS.map((id) => ['spend_control', id] as const);
  const vClient = newClient();
  const qc = new QueryClient();
  const vstoreObserver = (i: number) => {
    const observer = observeResource(vClient.spendControls, IDS[i % IDS.length] as string);
    return until(observer.subscribe, observer.getResult, (r) => r.status === 'success' && !r.isFetching);
  };
  const tanstackObserver = (i: number) => {
    const key = KEYS[i % KEYS.length] as (typeof KEYS)[number];
    const observer = new QueryObserver(qc, { queryKey: key, queryFn: () => decode(key[1]) });
    return until(
      (listener) => observer.subscribe(listener),
      () => observer.getCurrentResult(),
      (r) => r.status === 'success' && !r.isFetching,
    );
  };
  const [vObs, tObs] = await measureAll([vstoreObserver, tanstackObserver]);
  qc.clear();
  const ratio1 = (vObs ?? 0) / (tObs ?? 1);
  rows.push(
    {
      label: 'TanStack QueryObserver subscribe → success, one at a time (stub queryFn: JSON + zod)',
      opsPerSec: tObs ?? 0,
      ratio: 1,
      ratioTo: 'x QueryObserver',
    },
    {
      label: 'vstore observeResource subscribe → success, one at a time (stub send: JSON + zod + store)',
      opsPerSec: vObs ?? 0,
      ratio: ratio1,
      ratioTo: 'x QueryObserver',
    },
  );
  checks.push({
    label: 'observer subscribe-to-result vs QueryObserver',
    measured: formatRatio(ratio1),
    target: '>= 1.0x',
    ok: ratio1 >= 1,
  });

  // 3. the whole read pipeline over a stub fetch (Response objects on both sides).
  const stubFetch = async (url: string | URL | Request): Promise<Response> =>
    new Response(bodyOf(String(url).split('/').at(-1) ?? ''), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  const client = newClient(stubFetch as typeof fetch);
  const pipeline = new QueryClient();
  const vstoreGet = (i: number) => client.spendControls.get(IDS[i % IDS.length] as string);
  const tanstackFetchQuery = (i: number) => {
    const key = KEYS[i % KEYS.length] as (typeof KEYS)[number];
    return pipeline.fetchQuery({
      queryKey: key,
      queryFn: async () => {
        const result = safeParse(
          spendControlSchema,
          await (await stubFetch(`http://svc.test/spend_controls/${key[1]}`)).json(),
        );
        if (!result.success) throw result.error;
        return result.data;
      },
    });
  };
  const [vGet, tGet] = await measureAll([vstoreGet, tanstackFetchQuery]);
  pipeline.clear();
  const ratio2 = (vGet ?? 0) / (tGet ?? 1);
  rows.push(
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
  );
  checks.push({
    label: 'read pipeline (get with zod) vs fetchQuery + zod',
    measured: formatRatio(ratio2),
    target: '>= 1.0x',
    ok: ratio2 >= 1,
  });
  return {
    name: 'observers',
    rows,
    checks,
    notes: [
      `Many observers: each size runs ${MANY_ROUNDS} times after a warm-up, sizes and libraries interleaved; the median time per observer is shown, and the ratio is TanStack time / vstore time (above 1: vstore is faster).`,
      "Both sides decode the same text with JSON.parse and zod/mini's safeParse of the same schema; vstore also runs its transport, version gate and deep freeze.",
    ],
  };
}
