import { pathToFileURL } from 'node:url';
// The built package, as users get it (`pnpm bench` builds first).
import { createService } from '@vstore/service';

export interface BenchRow {
  label: string;
  opsPerSec: number;
}

const AUTH = { authorization: 'Bearer dev-token' };

/** Ops/s of `op` over about `roundMs`. */
async function round(op: () => Promise<unknown>, roundMs: number): Promise<number> {
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < roundMs) {
    for (let i = 0; i < 100; i += 1) await op();
    ops += 100;
    elapsed = performance.now() - start;
  }
  return (ops / elapsed) * 1000;
}

/**
 * Median ops/s per case. Cases take turns round by round (after one warm-up round each), so a
 * load change on the machine hits every case alike and the ratios stay meaningful.
 */
async function measureAll(
  ops: readonly (() => Promise<unknown>)[],
  rounds = 7,
  roundMs = 250,
): Promise<number[]> {
  const rates: number[][] = ops.map(() => []);
  for (let r = -1; r < rounds; r += 1) {
    for (const [i, op] of ops.entries()) {
      const rate = await round(op, roundMs);
      if (r >= 0) rates[i]?.push(rate);
    }
  }
  return rates.map((list) => {
    list.sort((a, b) => a - b);
    return Math.round(list[Math.floor(list.length / 2)] ?? 0);
  });
}

/**
 * Throughput of `service.fetch` for GET of a spend control, in process (no sockets). The
 * baseline builds the same Request and a JSON Response of the same entity and reads it, the
 * floor any fetch handler pays; read the service rows as a ratio to it.
 */
export async function serviceFetchSuite(): Promise<{ name: string; rows: BenchRow[] }> {
  const service = createService({ rateLimit: false });
  const limited = createService({ rateLimit: { capacity: 1e12, refillPerSecond: 1e12 } });
  const entity = await (
    await service.fetch(new Request('http://s/spend_controls/sc_1', { headers: AUTH }))
  ).json();
  const get = (s: typeof service, path: string) => async () => {
    const response = await s.fetch(new Request(`http://s${path}`, { headers: AUTH }));
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return response.text();
  };
  const cases: [string, () => Promise<unknown>][] = [
    [
      'baseline: Request + JSON Response of the entity, read',
      async () => {
        new Request('http://s/spend_controls/sc_1', { headers: AUTH });
        return new Response(JSON.stringify(entity), {
          headers: { 'content-type': 'application/json' },
        }).text();
      },
    ],
    ['service.fetch GET latest', get(service, '/spend_controls/sc_1')],
    ['service.fetch GET version=1', get(service, '/spend_controls/sc_1?version=1')],
    ['service.fetch GET latest, rate limiter on', get(limited, '/spend_controls/sc_1')],
  ];
  const rates = await measureAll(cases.map(([, op]) => op));
  const rows: BenchRow[] = cases.map(([label], i) => ({ label, opsPerSec: rates[i] ?? 0 }));
  await service.close();
  await limited.close();
  return { name: '@vstore/service fetch handler', rows };
}

// Runnable alone: `node --import tsx bench/serviceFetch.bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { name, rows } = await serviceFetchSuite();
  const base = rows[0]?.opsPerSec ?? 1;
  console.log(name);
  for (const row of rows) {
    console.log(
      `  ${row.label.padEnd(56)} ${String(row.opsPerSec).padStart(9)} ops/s  ${(row.opsPerSec / base).toFixed(2)}x`,
    );
  }
}
