import { pathToFileURL } from 'node:url';
// The built package, as users get it (`pnpm bench` builds first).
import { createClient, createEntityStore, spendControlSchema } from '@vstore/core';
import * as classic from 'zod';
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
// Not exported: the decode step of one reply, measured as a step of its own (from the source).
import { decodeSuccess } from '../packages/core/src/http/request';
import { ids, upsertStream } from './fixtures';
import { type BenchCheck, type BenchRow, formatRate, formatRatio, median, type SuiteResult } from './harness';

const OPS = 20_000;
/** The whole-call row is ~100x slower per op; fewer ops keep the suite short. */
const CALLS = 2_000;
const ROUNDS = 7;
const request = { method: 'GET', endpoint: '/spend_controls/x', time: '2025-01-01T00:00:00.000Z' };
const headers = new Headers();
/** The ingest floor of issue 14, in entities per second, for the built-in (`zod/mini`) schema. */
const TARGET = 1_000_000;

/** The built-in spend-control schema field for field, in classic zod: the baseline of the trade. */
const nullableClassic = <T extends classic.ZodType>(schema: T) => schema.nullable().default(null);
const classicSpendControlSchema = classic.looseObject({
  spend_control_id: classic.string().min(1),
  version: classic.number().int().min(1),
  version_time: classic.string(),
  name: nullableClassic(classic.string()),
  status: nullableClassic(classic.enum(['active', 'paused'])),
  limit: nullableClassic(classic.looseObject({ amount: classic.number(), currency: classic.string() })),
  interval: nullableClassic(classic.enum(['daily', 'weekly', 'monthly'])),
  account_id: nullableClassic(classic.string()),
});

/**
 * Ingest throughput of spend-control responses: JSON text → JSON.parse → zod → store.apply, half
 * of them stale (the store refuses those after validation). The built-in schemas are `zod/mini`
 * (about 20 kB gzip less in an app than classic zod; docs/size.md); classic zod compiles its object
 * parsers and parses faster. So every row runs with both, side by side, and the baseline is classic
 * zod's `safeParse` of an already-parsed object, measured in the same run.
 */
export async function ingestSuite(): Promise<SuiteResult> {
  const stream = upsertStream(ids(1000), OPS);
  const texts = stream.map((entity) => JSON.stringify(entity));
  const objects = texts.map((text) => JSON.parse(text) as unknown);
  const raws = texts.map((text) => ({ status: 200, headers, text }));

  // The floor under every decode row: no validation, no store, only the JSON text of each response.
  const jsonOnly = () => {
    let versions = 0;
    for (const raw of raws) versions += (JSON.parse(raw.text) as { version: number }).version;
    if (versions === 0) throw new Error('no versions');
  };
  const parseOnly = (schema: $ZodType) => () => {
    for (const object of objects) if (!safeParse(schema, object).success) throw new Error('invalid');
  };
  const decode = (schema: $ZodType<object>) => () => {
    for (const raw of raws) decodeSuccess(raw, schema, () => request);
  };
  const ingest = (schema: $ZodType<{ spend_control_id: string }>) => () => {
    const store = createEntityStore();
    for (const raw of raws) {
      const entity = decodeSuccess(raw, schema, () => request);
      store.apply('spend_control', entity.spend_control_id, entity);
    }
  };
  const cases: [string, () => void | Promise<void>, number?][] = [
    ['baseline: classic zod safeParse of a parsed object', parseOnly(classicSpendControlSchema)],
    ['floor: JSON.parse of the response text alone (no validation, no store)', jsonOnly],
    ['zod/mini safeParse of a parsed object (built-in schema)', parseOnly(spendControlSchema)],
    ['decode, classic zod: safe JSON.parse + zod', decode(classicSpendControlSchema)],
    ['decode, zod/mini: safe JSON.parse + zod (the client boundary)', decode(spendControlSchema)],
    ['ingest, classic zod: decode + store.apply (half stale)', ingest(classicSpendControlSchema)],
    ['ingest, zod/mini: decode + store.apply (half stale)', ingest(spendControlSchema)],
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
    ratioTo: 'of classic zod alone',
  }));
  const rate = (label: string) => medians[cases.findIndex(([l]) => l.startsWith(label))] ?? 0;
  const miniIngest = rate('ingest, zod/mini');
  const classicIngest = rate('ingest, classic zod');
  const jsonFloor = rate('floor: JSON.parse');
  const checks: BenchCheck[] = [
    {
      label: 'ingest with the built-in zod/mini schema (decode + validate + apply)',
      measured:
        `${formatRate(miniIngest)}, one entity per op (classic zod: ${formatRate(classicIngest)}, mini at ` +
        `${formatRatio(miniIngest / classicIngest)}; JSON.parse of the same texts alone: ${formatRate(jsonFloor)})`,
      target: `>= ${formatRate(TARGET)}`,
      ok: miniIngest >= TARGET,
    },
  ];
  return {
    name: '@vstore/core ingest (parse + validate + apply)',
    rows,
    checks,
    notes: [
      `${OPS} responses over 1000 spend controls, half stale; median of ${ROUNDS} rounds.`,
      'Classic and mini rows parse the same fields; the client ships mini (docs/size.md), classic is the speed it trades.',
      'The floor row is JSON.parse alone: where it is under the target, no decode + validate + apply can reach it on this machine.',
      'The last row adds what a real call pays besides ingest: a Response per call, token lookup, cooldown gate,',
      'per-attempt timeout timer, retry, dedupe and a Promise; it is the cost per request, not per entity.',
    ],
  };
}

// Runnable alone: `node --import tsx bench/ingest.bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { name, rows, checks, notes } = await ingestSuite();
  console.log(name);
  for (const row of rows) {
    console.log(
      `  ${row.label.padEnd(68)} ${formatRate(row.opsPerSec ?? 0).padStart(14)}  ${formatRatio(row.ratio ?? 1)}`,
    );
  }
  for (const check of checks ?? [])
    console.log(`  ${check.ok ? 'ok  ' : 'MISS'} ${check.label}: ${check.measured}; target ${check.target}`);
  for (const note of notes ?? []) console.log(`  ${note}`);
}
