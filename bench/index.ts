// `pnpm bench [filter]`: every suite, each reported as ratios to baselines measured in the same run.
// A full run (no filter) also writes bench/RESULTS.md. Add a suite by adding one line to `suites`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchRow, formatRate, formatRatio, type SuiteResult } from './harness';

// Production mode before any library loads: RTK, TanStack and the store all skip dev-only work.
process.env.NODE_ENV = 'production';

const suites: { name: string; run: () => Promise<SuiteResult> }[] = [
  { name: 'storeUpsert', run: async () => (await import('./storeUpsert.bench')).storeUpsertSuite() },
  { name: 'storeMemory', run: async () => (await import('./storeMemory.bench')).storeMemorySuite() },
  { name: 'serviceMemory', run: async () => (await import('./serviceMemory.bench')).serviceMemorySuite() },
  { name: 'serviceFetch', run: async () => (await import('./serviceFetch.bench')).serviceFetchSuite() },
  { name: 'ingest', run: async () => (await import('./ingest.bench')).ingestSuite() },
  { name: 'render', run: async () => (await import('./render.bench')).renderSuite() },
  { name: 'observers', run: async () => (await import('./observers.bench')).observersSuite() },
  { name: 'lists', run: async () => (await import('./lists.bench')).listsSuite() },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = (dir: string) => {
  const file = join(root, dir, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : 'n/a';
};

/** The commit measured, and whether the tree had changes on top of it. */
function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages', 'bench'], {
      cwd: root,
      encoding: 'utf8',
    });
    return dirty.trim() ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

/** Suites that give no ratios are read against their first row (their baseline). */
function withRatios(rows: BenchRow[]): BenchRow[] {
  if (rows.some((row) => row.ratio !== undefined)) return rows;
  const base = rows[0]?.opsPerSec;
  return rows.map((row) =>
    base && row.opsPerSec !== undefined
      ? { ...row, ratio: row.opsPerSec / base, ratioTo: 'x first row' }
      : row,
  );
}

const cells = (row: BenchRow) => [
  row.label,
  row.opsPerSec !== undefined ? formatRate(row.opsPerSec) : (row.value ?? ''),
  row.ratio !== undefined ? `${formatRatio(row.ratio)} ${row.ratioTo ?? ''}`.trim() : '',
  row.note ?? '',
];

function markdown(results: SuiteResult[], seconds: number): string {
  const cpu = cpus();
  const lines = [
    '# Benchmark results',
    '',
    'Written by `pnpm bench`; ratios are between rows measured in the same run, absolute rates drift.',
    '',
    `- date: ${new Date().toISOString()}, total ${seconds.toFixed(0)} s, commit ${commit()}`,
    `- node ${process.version}, ${cpu[0]?.model ?? 'unknown cpu'} x ${cpu.length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `- @tanstack/query-core ${version('node_modules/@tanstack/query-core')}, @reduxjs/toolkit ${version('node_modules/@reduxjs/toolkit')}, NODE_ENV=production`,
  ];
  for (const result of results) {
    lines.push('', `## ${result.name}`, '', '| case | measured | ratio | note |', '|---|---|---|---|');
    for (const row of withRatios(result.rows)) lines.push(`| ${cells(row).join(' | ')} |`);
    if (result.checks?.length) {
      lines.push('', '| target | measured | required | ok |', '|---|---|---|---|');
      for (const c of result.checks)
        lines.push(`| ${c.label} | ${c.measured} | ${c.target} | ${c.ok ? 'yes' : 'NO'} |`);
    }
    if (result.notes?.length) lines.push('', ...result.notes.map((note) => `- ${note}`));
  }
  return `${lines.join('\n')}\n`;
}

const filter = process.argv[2];
const selected = suites.filter((s) => !filter || s.name.toLowerCase().includes(filter.toLowerCase()));
const started = performance.now();
const results: SuiteResult[] = [];
for (const suite of selected) {
  const t0 = performance.now();
  let result: SuiteResult;
  try {
    result = await suite.run();
  } catch (error) {
    result = { name: suite.name, rows: [{ label: 'suite failed', value: String(error) }] };
  }
  results.push(result);
  console.log(`\n${result.name}  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  console.table(
    withRatios(result.rows).map((row) => {
      const [label, measured, ratio, note] = cells(row);
      return { case: label, measured, ratio, note };
    }),
  );
  if (result.checks?.length) {
    console.table(
      result.checks.map((c) => ({ target: c.label, measured: c.measured, required: c.target, ok: c.ok })),
    );
  }
}
const seconds = (performance.now() - started) / 1000;
if (!filter) {
  writeFileSync(join(root, 'bench/RESULTS.md'), markdown(results, seconds));
  console.log(`\nwrote bench/RESULTS.md (${seconds.toFixed(0)} s)`);
}
