import { PerformanceObserver } from 'node:perf_hooks';

/**
 * One line of a suite's table. Throughput rows carry `opsPerSec`; other measurements carry `value`.
 * `ratio` is to the baseline the suite names in `ratioTo`; when a suite gives no ratios at all, the
 * runner reads every throughput row as a ratio to the suite's first row.
 */
export interface BenchRow {
  label: string;
  opsPerSec?: number;
  value?: string;
  ratio?: number;
  ratioTo?: string;
  note?: string;
}

/** An acceptance target checked by a suite. */
export interface BenchCheck {
  label: string;
  measured: string;
  target: string;
  ok: boolean;
}

export interface SuiteResult {
  name: string;
  rows: BenchRow[];
  checks?: BenchCheck[];
  notes?: string[];
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** A timed workload: `run(from, to)` over `[0, total)` in equal slices. */
export interface Workload {
  total: number;
  run: (from: number, to: number) => void;
}

/**
 * Median rate in ops/s of each workload, timing `chunks` slices of each in turn (A1 B1 C1 A2 B2 …), so
 * every workload sees the same machine load over the run and ratios between them hold on a busy
 * machine. Slicing one op stream (rather than repeating it) keeps every op meaningful: replaying
 * the same newer versions would turn them all stale.
 */
export function interleavedRates(workloads: readonly Workload[], chunks: number): number[] {
  const rates: number[][] = workloads.map(() => []);
  for (let c = 0; c < chunks; c++) {
    workloads.forEach(({ total, run }, w) => {
      const size = Math.floor(total / chunks);
      const start = performance.now();
      run(c * size, (c + 1) * size);
      rates[w]!.push((size / (performance.now() - start)) * 1000);
    });
  }
  return rates.map(median);
}

type Gc = () => void;
const gc = (globalThis as { gc?: Gc }).gc;

/** Heap in use after full collections; requires `node --expose-gc`. */
export function settledHeap(): number {
  if (!gc) throw new Error('run with node --expose-gc (pnpm bench does)');
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

/**
 * Heap growth per op of `run`, with no collection forced in between, and how many collections
 * happened meanwhile (any collection makes the figure a lower bound, and the row says so).
 */
export async function allocationPerOp(
  ops: number,
  run: () => void,
): Promise<{ bytesPerOp: number; gcs: number }> {
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  settledHeap();
  observer.observe({ entryTypes: ['gc'] });
  const before = process.memoryUsage().heapUsed;
  run();
  const after = process.memoryUsage().heapUsed;
  // GC entries are delivered asynchronously; give the observer one turn before reading the count.
  await new Promise((resolve) => setImmediate(resolve));
  observer.disconnect();
  return { bytesPerOp: (after - before) / ops, gcs };
}

const si = (n: number) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(n < 10 ? 2 : 0);

export const formatRate = (opsPerSec: number): string => `${si(opsPerSec)} ops/s`;

export const formatRatio = (ratio: number): string =>
  ratio >= 100 ? `${ratio.toFixed(0)}x` : ratio >= 10 ? `${ratio.toFixed(1)}x` : `${ratio.toFixed(2)}x`;
