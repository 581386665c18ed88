// By path, not by name: plain `node --import tsx` does not apply the `source` export condition.
// The built package, as users get it (`pnpm bench` builds first).
import { createService, type Service } from '@vstore/service';
import type { BenchCheck, BenchRow, SuiteResult } from './harness';
import { settledHeap } from './harness';

const AUTH = { authorization: 'Bearer dev-token' };
const MiB = 1024 * 1024;
/** Heap after forced GC may grow by at most this much from the warmed-up point to the end. */
const BOUND = 4 * MiB;

/** Lets timers and stream cancellations run, so what is measured is what the service keeps. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

async function heapAfterGc(): Promise<number> {
  await turn();
  return settledHeap();
}

interface Scenario {
  label: string;
  ops: number;
  /** Ops before the first measurement: fills what is meant to fill (the 10,000 keys, 1,000 tasks). */
  warmup: number;
  setup: () => Service;
  op: (service: Service, i: number) => Promise<void>;
  /** What the service says it holds at the end, for the row's note. */
  held: (service: Service) => string;
}

const keyedPost = async (service: Service, i: number): Promise<void> => {
  // A keyed create that ends in 422 (unknown account): the case that kept ~123 KB per key for 24 h.
  const response = await service.fetch(
    new Request('http://service.test/spend_controls', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'idempotency-key': `key-${i}` },
      body: JSON.stringify({
        name: 'Bench',
        limit: { amount: 10, currency: 'USD' },
        interval: 'daily',
        account_id: `acc_${String(i).padStart(60, '0')}`,
      }),
    }),
  );
  if (response.status !== 422) throw new Error(`keyed POST answered ${response.status}`);
  await response.body?.cancel();
};

const sseConnect = async (service: Service): Promise<void> => {
  const controller = new AbortController();
  const response = await service.fetch(
    new Request('http://service.test/events', { headers: AUTH, signal: controller.signal }),
  );
  const reader = response.body?.getReader();
  if (response.status !== 200 || !reader) throw new Error(`GET /events answered ${response.status}`);
  await reader.read();
  await reader.cancel();
};

const deletion = async (service: Service): Promise<void> => {
  const response = await service.fetch(
    new Request('http://service.test/accounts/acc_1', { method: 'DELETE', headers: AUTH }),
  );
  if (response.status !== 202) throw new Error(`DELETE answered ${response.status}`);
  await response.body?.cancel();
};

const scenarios: Scenario[] = [
  {
    label: 'unique-key keyed POSTs (422)',
    ops: 100_000,
    warmup: 20_000,
    setup: () => createService({ rateLimit: false }),
    op: keyedPost,
    held: (s) => `${s.inspect().idempotency.stored} keys held`,
  },
  {
    label: 'SSE connects and disconnects',
    ops: 25_000,
    warmup: 5_000,
    setup: () => createService({ rateLimit: false }),
    op: (s) => sseConnect(s),
    held: (s) => `${s.inspect().webhooks.subscribers} subscribers left`,
  },
  {
    label: 'tasks (account deletions)',
    ops: 20_000,
    warmup: 2_000,
    // A failed deletion leaves the account active, so the same account can be deleted again.
    setup: () => createService({ rateLimit: false, taskDurationMs: 0, taskOutcome: 'failed' }),
    op: async (s) => {
      await deletion(s);
      await turn();
    },
    held: (s) => `${Object.keys(s.inspect().tasks).length} tasks held`,
  },
];

async function measure(scenario: Scenario): Promise<{ row: BenchRow; check: BenchCheck }> {
  const service = scenario.setup();
  for (let i = 0; i < scenario.warmup; i += 1) await scenario.op(service, i);
  const before = await heapAfterGc();
  const samples: number[] = [];
  const step = Math.ceil((scenario.ops - scenario.warmup) / 4);
  for (let i = scenario.warmup; i < scenario.ops; i += 1) {
    await scenario.op(service, i);
    if ((i + 1 - scenario.warmup) % step === 0) samples.push((await heapAfterGc()) - before);
  }
  const after = await heapAfterGc();
  const growth = after - before;
  const note = `${scenario.held(service)}; growth at each quarter: ${samples.map((b) => `${(b / MiB).toFixed(2)}`).join(', ')} MiB`;
  await service.close();
  const mib = `${(growth / MiB).toFixed(2)} MiB`;
  return {
    row: { label: `${scenario.label}: heap growth ${scenario.warmup} → ${scenario.ops}`, value: mib, note },
    check: {
      label: `${scenario.label} flat`,
      measured: mib,
      target: `< ${BOUND / MiB} MiB`,
      ok: samples.every((b) => b < BOUND) && growth < BOUND,
    },
  };
}

/** Heap after forced GC over many keyed POSTs, SSE connects and tasks: flat once warmed up. */
export async function serviceMemorySuite(): Promise<SuiteResult> {
  const rows: BenchRow[] = [];
  const checks: BenchCheck[] = [];
  for (const scenario of scenarios) {
    const { row, check } = await measure(scenario);
    rows.push(row);
    checks.push(check);
  }
  return {
    name: 'serviceMemory',
    rows,
    checks,
    notes: [
      'Heap after three forced collections (node --expose-gc), measured after the warm-up ops and at each quarter after it.',
      'Idempotency records: default bound 10,000 keys, 24 h; tasks: 1,000 finished ones kept.',
    ],
  };
}
