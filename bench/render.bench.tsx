// Render cost of versioned updates in React: 1,000 mounted cards, 10,000 updates to random keys
// (half of them stale), vstore's `useEntity` against @tanstack/react-query's `useQuery` fed with
// `setQueryData`. Run alone: `node --import tsx bench/render.bench.tsx`, or through `pnpm bench render`.
import { pathToFileURL } from 'node:url';
import type { Client } from '@vstore/core';
import { random, spendControl } from './fixtures';
import type { BenchCheck, BenchRow, SuiteResult } from './harness';

// Before React loads: production builds, as users ship them (this file imports React lazily).
process.env.NODE_ENV ??= 'production';

const MOUNTED = 1_000;
const KEYS = 2_000; // half the keys have no card, so some accepted updates must render nothing
const UPDATES = 10_000;
const ROUNDS = 5;

interface Op {
  key: number;
  entity: { version: number } & Record<string, unknown>;
  /** Newer than the key's held version and the key has a card: must render exactly once. */
  renders: boolean;
}

/** The op stream: random keys, each op newer than the key's held version or (half the time) stale. */
function opStream(seed: number): { ops: Op[]; acceptedMounted: number; accepted: number } {
  const next = random(seed);
  const held = new Array<number>(KEYS).fill(100);
  const ops: Op[] = [];
  let accepted = 0;
  let acceptedMounted = 0;
  for (let i = 0; i < UPDATES; i++) {
    const key = Math.floor(next() * KEYS);
    const stale = next() < 0.5;
    const version = stale ? held[key]! - 1 - Math.floor(next() * 50) : held[key]! + 1;
    if (!stale) {
      held[key] = version;
      accepted++;
      if (key < MOUNTED) acceptedMounted++;
    }
    const entity = spendControl(`sc_${key}`, key, version, `control ${key}`) as never;
    ops.push({ key, entity, renders: !stale && key < MOUNTED });
  }
  return { ops, accepted, acceptedMounted };
}

/** A DOM for react-dom in Node: happy-dom's Window, installed as the globals React reads. */
export async function installDom(): Promise<() => Promise<void>> {
  const { Window } = await import('happy-dom');
  const window = new Window({ url: 'http://bench.local/' });
  const names = [
    'window',
    'document',
    'navigator',
    'HTMLElement',
    'HTMLIFrameElement',
    'Node',
    'Element',
    'Event',
  ];
  const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  for (const name of names) {
    const value = name === 'window' ? window : (window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  return async () => {
    await window.happyDOM.close();
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  };
}

/** The libraries, loaded lazily so NODE_ENV is set first; the cards below read them from here. */
interface Libs {
  h: typeof import('react').createElement;
  useEntity: typeof import('@vstore/react').useEntity;
  useQuery: typeof import('@tanstack/react-query').useQuery;
}
let libs: Libs;
const counter = { renders: 0 };
const noFetch = () => Promise.reject(new Error('no fetching in this benchmark'));

function EntityCard({ id }: { id: string }) {
  const entity = libs.useEntity<{ version: number }>('spend_control', id);
  counter.renders++;
  return libs.h('div', null, entity?.version);
}

function QueryCard({ queryKey }: { queryKey: readonly [string, string] }) {
  const { data } = libs.useQuery({
    queryKey,
    queryFn: noFetch,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  counter.renders++;
  return libs.h('div', null, (data as { version: number } | undefined)?.version);
}

interface Target {
  name: string;
  /** Mounts the cards; returns `apply(op)` (one update, rendered synchronously) and `unmount`. */
  mount(): Promise<{ apply(op: Op): void; unmount(): void }>;
}

async function targets(): Promise<Target[]> {
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { flushSync } = await import('react-dom');
  const rq = await import('@tanstack/react-query');
  // The built packages, as users get them (`pnpm bench` builds first).
  const { useEntity, VStoreProvider } = await import('@vstore/react');
  const { createEntityStore } = await import('@vstore/core');
  const h = React.createElement;
  libs = { h, useEntity, useQuery: rq.useQuery };
  const ids = Array.from({ length: KEYS }, (_, i) => `sc_${i}`);
  const initial = (i: number) => spendControl(ids[i]!, i, 100, `control ${i}`);

  const render = (tree: ReturnType<typeof h>) => {
    const container = document.createElement('div');
    const root = createRoot(container as unknown as Element);
    flushSync(() => root.render(tree));
    return () => flushSync(() => root.unmount());
  };

  const vstore: Target = {
    name: '@vstore/react useEntity + store.apply',
    async mount() {
      const store = createEntityStore();
      for (let i = 0; i < KEYS; i++) store.apply('spend_control', ids[i]!, initial(i));
      const client = { store } as unknown as Client;
      const cards = ids.slice(0, MOUNTED).map((id) => h(EntityCard, { key: id, id }));
      const unmount = render(h(VStoreProvider, { client }, cards));
      return {
        apply: (op) => flushSync(() => void store.apply('spend_control', ids[op.key]!, op.entity)),
        unmount,
      };
    },
  };

  // TanStack as its docs suggest for pushed data: default options (a non-empty defaultOptions.queries
  // is 3-6x slower), prebuilt keys, no fetching, and an updater that returns undefined to keep the
  // old data (its cheapest "no change"). Its notifications go out synchronously here, as React's do.
  rq.notifyManager.setScheduler((callback) => callback());
  const tanstack: Target = {
    name: '@tanstack/react-query useQuery + setQueryData',
    async mount() {
      const client = new rq.QueryClient();
      const keys = ids.map((id) => ['spend_control', id] as const);
      for (let i = 0; i < KEYS; i++) client.setQueryData(keys[i]!, initial(i));
      const cards = ids
        .slice(0, MOUNTED)
        .map((id, index) => h(QueryCard, { key: id, queryKey: keys[index]! }));
      const unmount = render(h(rq.QueryClientProvider, { client }, cards));
      return {
        apply: (op) =>
          flushSync(() =>
            client.setQueryData<{ version: number }>(keys[op.key]!, (old) =>
              old && op.entity.version > old.version ? op.entity : undefined,
            ),
          ),
        unmount: () => {
          unmount();
          client.clear();
        },
      };
    },
  };
  return [vstore, tanstack];
}

/** One round: mount, replay the stream timing each update, count the renders it caused, unmount. */
async function round(target: Target, stream: ReturnType<typeof opStream>) {
  const mounted = await target.mount();
  counter.renders = 0;
  let renderingMs = 0;
  let silentMs = 0;
  for (const op of stream.ops) {
    const start = performance.now();
    mounted.apply(op);
    const ms = performance.now() - start;
    if (op.renders) renderingMs += ms;
    else silentMs += ms;
  }
  const renders = counter.renders;
  mounted.unmount();
  return { renderingMs, silentMs, renders };
}

export async function renderSuite(): Promise<SuiteResult> {
  const restoreDom = await installDom();
  try {
    const all = await targets();
    const stream = opStream(7);
    const results = all.map(() => ({
      rendering: [] as number[],
      silent: [] as number[],
      renders: new Set<number>(),
    }));
    // Warm-up round each, then rounds alternate so drift on the machine hits both alike.
    for (let r = -1; r < ROUNDS; r++) {
      for (const [i, target] of all.entries()) {
        const { renderingMs, silentMs, renders } = await round(target, stream);
        if (r < 0) continue;
        results[i]!.rendering.push(renderingMs);
        results[i]!.silent.push(silentMs);
        results[i]!.renders.add(renders);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const silentCount = UPDATES - stream.acceptedMounted;
    const rows: BenchRow[] = [];
    const perOp = (i: number, kind: 'rendering' | 'silent') =>
      (median(results[i]![kind]) * 1000) / (kind === 'rendering' ? stream.acceptedMounted : silentCount);
    for (const kind of ['rendering', 'silent'] as const) {
      const base = perOp(1, kind);
      for (const [i, target] of all.entries()) {
        rows.push({
          label: `${target.name}: ${kind === 'rendering' ? 'accepted update to a mounted card (1 render)' : 'stale update or unmounted key (0 renders)'}`,
          value: `${perOp(i, kind).toFixed(kind === 'rendering' ? 1 : 2)} µs`,
          ratio: base / perOp(i, kind),
          ratioTo: "TanStack's speed",
          note: `${kind === 'rendering' ? stream.acceptedMounted : silentCount} updates; renders per round ${[...results[i]!.renders].join('/')}`,
        });
      }
    }
    const checks: BenchCheck[] = all.map((target, i) => {
      const renders = [...results[i]!.renders];
      return {
        label: `${target.name}: renders = accepted updates to mounted keys`,
        measured: renders.join('/'),
        target: String(stream.acceptedMounted),
        ok: renders.length === 1 && renders[0] === stream.acceptedMounted,
      };
    });
    return {
      name: 'render',
      rows,
      checks,
      notes: [
        `${MOUNTED} mounted cards over ${KEYS} keys; ${UPDATES} updates, ${stream.accepted} newer (${stream.acceptedMounted} to mounted keys), the rest stale; each update rendered synchronously (flushSync); happy-dom; NODE_ENV=${process.env.NODE_ENV}.`,
        'Each update is timed on its own (flushSync included) and counted in its row by what it must do.',
      ],
    };
  } finally {
    await restoreDom();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await renderSuite();
  console.table(result.rows);
  console.table(result.checks);
  for (const note of result.notes ?? []) console.log(note);
}
