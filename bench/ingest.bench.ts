import { pathToFileURL } from 'node:url';
// By path: plain `node --import tsx` does not apply the `source` export condition.
import { createClient } from '../packages/core/src/client/createClient';
import { decodeSuccess } from '../packages/core/src/http/request';
import { spendControlSchema } from '../packages/core/src/resources/spendControls';
import { createEntityStore } from '../packages/core/src/store/entityStore';
import { ids, upsertStream } from './fixtures';
import { type BenchRow, formatRate, formatRatio, median, type SuiteResult } from './harness';

const OPS = 20_000;
/** The whole-call row is ~100x slower per op; fewer ops keep the suite short. */
const CALLS = 2_000;
const ROUNDS = 7;
const request = { method: 'GET', endpoint: '/spend_controls/x', time: '2025-01-01T00:00:00.000Z' };
const headers = new Headers();

/**
 * Ingest throughput of spend-control responses: JSON text → JSON.parse → zod → store.apply, half
 * of them stale (the store refuses those after validation). The baseline is zod's `safeParse` of an
 * already-parsed object alone, measured in the same run; every other row is a ratio to it. Classic
 * `zod` (JIT-compiled object parsers) is used, not `zod/mini`: see FIELD-NOTES for the size/speed trade.
 */
export async function ingestSuite(): Promise<SuiteResult> {
  const stream = upsertStream(ids(1000), OPS);
  const texts = stream.map((entity) => JSON.stringify(entity));
  const objects = texts.map((text) => JSON.parse(text) as unknown);
  const raws = texts.map((text) => ({ status: 200, headers, text }));

  const cases: [string, () => void | Promise<void>, number?][] = [
    [
      'baseline: zod safeParse of a parsed object',
      () => {
        for (const object of objects)
          if (!spendControlSchema.safeParse(object).success) throw new Error('invalid');
      },
    ],
    [
      'decode: safe JSON.parse + zod (the client boundary)',
      () => {
        for (const raw of raws) decodeSuccess(raw, spendControlSchema, request);
      },
    ],
    [
      'ingest: decode + store.apply (half stale)',
      () => {
        const store = createEntityStore();
        for (const raw of raws) {
          const entity = decodeSuccess(raw, spendControlSchema, request);
          store.apply('spend_control', entity.spend_control_id, entity);
        }
      },
    ],
    [
      'client.spendControls.get: whole pipeline over a stub fetch (async)',
      async () => {
        let next = 0;
        const client = createClient({
          baseUrl: 'https://bench.test',
          getToken: () => 'bench-token',
          fetch: async () => new Response(texts[next++] ?? '', { status: 200 }),
          retry: { budget: false },
        });
        for (let i = 0; i < CALLS; i++) await client.spendControls.get(stream[i]?.spend_control_id ?? '');
      },
      CALLS,
    ],
  ];

  // Cases take turns round by round (after a warm-up), so load changes hit them alike.
  const rates: number[][] = cases.map(() => []);
  for (let round = -1; round < ROUNDS; round++) {
    for (const [i, [, run, ops = OPS]] of cases.entries()) {
      const start = performance.now();
      await run();
      const ms = performance.now() - start;
      if (round >= 0) rates[i]?.push((ops / ms) * 1000);
    }
  }
  const medians = rates.map(median);
  const base = medians[0] ?? 1;
  const rows: BenchRow[] = cases.map(([label], i) => ({
    label,
    opsPerSec: Math.round(medians[i] ?? 0),
    ratio: (medians[i] ?? 0) / base,
    ratioTo: 'of zod alone',
  }));
  return {
    name: '@vstore/core ingest (parse + validate + apply)',
    rows,
    notes: [
      `${OPS} responses over 1000 spend controls, half stale; median of ${ROUNDS} rounds.`,
      'The last row adds what a real call pays besides ingest: a Response per call, token lookup, cooldown gate,',
      'per-attempt timeout timer, retry, dedupe and a Promise; it is the cost per request, not per entity.',
    ],
  };
}

// Runnable alone: `node --import tsx bench/ingest.bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { name, rows, notes } = await ingestSuite();
  console.log(name);
  for (const row of rows) {
    console.log(
      `  ${row.label.padEnd(68)} ${formatRate(row.opsPerSec ?? 0).padStart(14)}  ${formatRatio(row.ratio ?? 1)}`,
    );
  }
  for (const note of notes ?? []) console.log(`  ${note}`);
}
