// The built package, as users get it (`pnpm bench` builds first).
import { createEntityStore, type EntityStore } from '@vstore/core';
import { ids, type SpendControlFixture, spendControl } from './fixtures';
import { allocationPerOp, type BenchCheck, type BenchRow, type SuiteResult, settledHeap } from './harness';

const TYPE = 'spend_control';
const LARGE = 1_000_000;

/** Heap per entity after filling with fresh objects and strings (as JSON.parse makes them). */
function bytesPerEntity(fill: (entity: SpendControlFixture) => void, keep: () => unknown): number {
  const before = settledHeap();
  for (let i = 0; i < LARGE; i++) fill(spendControl(`sc_${i}`, i, 2, `Control ${i}`));
  const after = settledHeap();
  keep(); // the holder must stay reachable until measured
  return (after - before) / LARGE;
}

function staleLoop(store: EntityStore, stale: readonly SpendControlFixture[], ops: number): void {
  for (let k = 0; k < ops; k++) {
    const op = stale[k % stale.length]!;
    store.apply(TYPE, op.spend_control_id, op, 'response');
  }
}

function staleMapLoop(
  map: Map<string, SpendControlFixture>,
  stale: readonly SpendControlFixture[],
  ops: number,
): void {
  for (let k = 0; k < ops; k++) {
    const op = stale[k % stale.length]!;
    const held = map.get(op.spend_control_id);
    if (held === undefined || op.version > held.version) map.set(op.spend_control_id, op);
  }
}

/** Heap per stored entity at 1M, and heap growth of stale applies. */
export async function storeMemorySuite(): Promise<SuiteResult> {
  let map: Map<string, SpendControlFixture> | undefined = new Map();
  const mapBytes = bytesPerEntity(
    (e) => map!.set(e.spend_control_id, e),
    () => map!.size,
  );
  map = undefined;
  let store: EntityStore | undefined = createEntityStore();
  const storeBytes = bytesPerEntity(
    (e) => store!.apply(TYPE, e.spend_control_id, e),
    () => store!.get(TYPE, 'sc_0'),
  );
  store = undefined;

  // Stale applies: 10k held at version 2, offered version 1, 1M times after a warm-up.
  const keys = ids(10_000);
  const staleStore = createEntityStore();
  const staleMap = new Map<string, SpendControlFixture>();
  keys.forEach((key, i) => {
    staleStore.apply(TYPE, key, spendControl(key, i, 2, `Control ${i}`));
    staleMap.set(key, spendControl(key, i, 2, `Control ${i}`));
  });
  const stale = keys.map((key, i) => spendControl(key, i, 1, `Control ${i}`));
  const OPS = 1_000_000;
  staleLoop(staleStore, stale, OPS);
  staleMapLoop(staleMap, stale, OPS);
  const storeStale = await allocationPerOp(OPS, () => staleLoop(staleStore, stale, OPS));
  const mapStale = await allocationPerOp(OPS, () => staleMapLoop(staleMap, stale, OPS));
  // What cross-tab sync subscribes to: it must not make refused writes build change records.
  const watching = staleStore.accepted.subscribe(() => {});
  staleLoop(staleStore, stale, OPS);
  const acceptedStale = await allocationPerOp(OPS, () => staleLoop(staleStore, stale, OPS));
  watching.unsubscribe();

  const gcNote = (gcs: number) => (gcs === 0 ? 'no GC ran meanwhile' : `${gcs} GC(s) ran: a lower bound`);
  const rows: BenchRow[] = [
    { label: 'raw Map, heap per entity @ 1M', value: `${mapBytes.toFixed(0)} B` },
    {
      label: 'store, heap per entity @ 1M',
      value: `${storeBytes.toFixed(0)} B`,
      ratio: storeBytes / mapBytes,
      ratioTo: 'of raw Map',
    },
    {
      label: 'raw Map, heap growth per stale op',
      value: `${mapStale.bytesPerOp.toFixed(3)} B`,
      note: gcNote(mapStale.gcs),
    },
    {
      label: 'store.apply, heap growth per stale op',
      value: `${storeStale.bytesPerOp.toFixed(3)} B`,
      note: gcNote(storeStale.gcs),
    },
    {
      label: 'store.apply with an `accepted` subscriber, heap growth per stale op',
      value: `${acceptedStale.bytesPerOp.toFixed(3)} B`,
      note: gcNote(acceptedStale.gcs),
    },
  ];
  const checks: BenchCheck[] = [
    {
      label: 'store heap per 10-field entity @ 1M',
      measured: `${storeBytes.toFixed(0)} B`,
      target: '<= 300 B',
      ok: storeBytes <= 300,
    },
    {
      label: 'a stale apply allocates nothing',
      measured: `${storeStale.bytesPerOp.toFixed(3)} B/op, ${storeStale.gcs} GCs`,
      target: '< 1 B/op, no GC',
      ok: storeStale.bytesPerOp < 1 && storeStale.gcs === 0,
    },
    {
      label: 'a stale apply allocates nothing with an `accepted` subscriber',
      measured: `${acceptedStale.bytesPerOp.toFixed(3)} B/op, ${acceptedStale.gcs} GCs`,
      target: '< 1 B/op, no GC',
      ok: acceptedStale.bytesPerOp < 1 && acceptedStale.gcs === 0,
    },
  ];
  return {
    name: 'store: memory',
    rows,
    checks,
    notes: [
      'Heap figures: process.memoryUsage().heapUsed after forced full GCs, before and after filling; ids, names and objects are fresh per entity.',
      'Stale ops: heapUsed growth over 1M applies with no GC forced in between; a GC during the loop would hide allocation, so the count of GCs is reported.',
    ],
  };
}
