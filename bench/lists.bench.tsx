// Lists in React: a list of 1,000 and of 10,000 rows (each row a memoized component of its item), one
// row updated per event, vstore's `useList` + `store.apply` against @tanstack/react-query's
// `useInfiniteQuery` + `setQueryData` over its pages, each rendered in two forms: flat (one list of
// rows) and by page (a memoized component per 100 rows, the form a long list takes in an app, where
// TanStack's kept page objects spare it every other page: its best form); and a page of 100 items ingested by
// `resource.list` against the floor of `JSON.parse` + the schema's `safeParse` alone, in the same run.
// vstore is imported as an app gets it, the built packages (`pnpm bench` builds first; alone, run
// `pnpm build` first): `node --import tsx bench/lists.bench.tsx`, or `pnpm bench lists`.
import { pathToFileURL } from 'node:url';
import { listPage, random, spendControl } from './fixtures';
import { type BenchCheck, type BenchRow, formatRatio, median, type SuiteResult } from './harness';
import { listIngest } from './listIngest';
import { installDom } from './render.bench';

process.env.NODE_ENV ??= 'production';

/**
 * `paged`: the list grows page by page, each page rendered as it lands (as "load more" does), the
 * same pages read the same way for both; `at once`: every row is in the cache before the list mounts
 * (vstore: read through the same list by a core observer first; TanStack: `setQueryData` of every
 * page). How React's tree was built changes its per-update cost by up to 2x at 10,000 rows, so both
 * histories are measured, each the same for both libraries.
 */
const SIZES = [
  { rows: 1_000, updates: 2_000, loading: 'paged' },
  { rows: 10_000, updates: 400, loading: 'paged' },
  { rows: 10_000, updates: 400, loading: 'at once' },
] as const;
type Loading = (typeof SIZES)[number]['loading'];
/** `flat`: one list of memoized rows; `by page`: a memoized component per page of rows. */
type Form = 'flat' | 'by page';
const FORMS: readonly Form[] = ['flat', 'by page'];
const ROUNDS = 3;
const PAGE = 100;

type Item = ReturnType<typeof spendControl>;
const counter = { lists: 0, rows: 0 };
const page = (items: readonly Item[], from: number) => listPage(items, from, PAGE);
/** A fetch that answers `GET /spend_controls?limit=&cursor=` from `items`, the cursor an offset. */
const listFetch = (items: readonly Item[]) => async (input: RequestInfo | URL) =>
  new Response(page(items, Number(new URL(String(input)).searchParams.get('cursor') ?? 0)), { status: 200 });

/** Each round's updates: a random row, one version newer than it holds (every update renders one row). */
function updates(rows: number, count: number, seed: number): { index: number; entity: Item }[] {
  const next = random(seed);
  const held = new Array<number>(rows).fill(1);
  return Array.from({ length: count }, () => {
    const index = Math.floor(next() * rows);
    held[index]! += 1;
    return {
      index,
      entity: spendControl(`sc_${index}`, index, held[index]!, `control ${index} v${held[index]}`),
    };
  });
}

/** The libraries, loaded lazily so NODE_ENV and the source condition are set first. */
interface Libs {
  React: typeof import('react');
  rq: typeof import('@tanstack/react-query');
  vs: typeof import('@vstore/react');
}
let libs: Libs;
type VClient = ReturnType<Libs['vs']['createClient']>;
/** A page as the service sends it, JSON-parsed: what TanStack's `queryFn` returns. */
type Page = { data: Item[]; next_cursor?: string };
type Pages = { pages: Page[]; pageParams: number[] };
/** The page text of `items` at `from`, fetched and parsed as a plain `queryFn` would (no validation). */
let readPage: (from: number) => Promise<Page> = () => Promise.reject(new Error('no list mounted'));
/** The last result `QList` rendered, so the round can page through it. */
let loadedQ: { hasNextPage: boolean; isFetching: boolean; fetchNextPage(): Promise<unknown> } | undefined;
const queryKey = ['spend_controls', 'list'] as const;
/** The last result `VList` rendered, so the round can page through it. */
let loaded:
  | { status: string; hasNextPage: boolean; data: readonly Item[]; fetchNextPage(): Promise<void> }
  | undefined;

function Row({ item }: { item: Item }) {
  counter.rows++;
  return libs.React.createElement('li', null, item.name, ' v', item.version);
}
let MemoRow: typeof Row;
const rowsOf = (items: readonly Item[]) =>
  libs.React.createElement(
    'ul',
    null,
    items.map((item) => libs.React.createElement(MemoRow, { key: item.spend_control_id, item })),
  );

function PageRows({ items }: { items: readonly Item[] }) {
  return items.map((item) => libs.React.createElement(MemoRow, { key: item.spend_control_id, item }));
}
/** TanStack's pages keep their identity when another page changes: a plain memo spares them. */
let MemoPage: typeof PageRows;
/** vstore's rows are one array: a page of it is a new slice each render, spared when its rows are the same. */
let MemoSlice: typeof PageRows;
const sameRows = (a: { items: readonly Item[] }, b: { items: readonly Item[] }) =>
  a.items.length === b.items.length && a.items.every((item, i) => item === b.items[i]);
const slicesOf = (items: readonly Item[]) => {
  const slices = [];
  for (let at = 0; at < items.length; at += PAGE)
    slices.push(libs.React.createElement(MemoSlice, { key: at, items: items.slice(at, at + PAGE) }));
  return libs.React.createElement('ul', null, slices);
};

function VList({ client, form }: { client: VClient; form: Form }) {
  const list = libs.vs.useList(
    client.spendControls as never as import('@vstore/react').ListableResource<Item>,
    undefined,
    {
      pageSize: PAGE,
      maxAgeMs: Number.POSITIVE_INFINITY,
    },
  );
  loaded = list;
  counter.lists++;
  return form === 'flat' ? rowsOf(list.data) : slicesOf(list.data);
}

function QList({ form }: { form: Form }) {
  const result = libs.rq.useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => readPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: Page) => (last.next_cursor === undefined ? undefined : Number(last.next_cursor)),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { data } = result;
  loadedQ = result;
  counter.lists++;
  const pages = data?.pages ?? [];
  return form === 'flat'
    ? rowsOf(pages.flatMap((page) => page.data))
    : libs.React.createElement(
        'ul',
        null,
        pages.map((page, at) => libs.React.createElement(MemoPage, { key: at, items: page.data })),
      );
}

interface Mounted {
  /** One update, rendered synchronously. */
  apply(index: number, entity: Item): void;
  unmount(): void;
}

async function targets() {
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { flushSync } = await import('react-dom');
  const rq = await import('@tanstack/react-query');
  const vs = await import('@vstore/react');
  const h = React.createElement;
  libs = { React, rq, vs };
  MemoRow = React.memo(Row) as unknown as typeof Row;
  MemoPage = React.memo(PageRows) as unknown as typeof PageRows;
  MemoSlice = React.memo(PageRows, sameRows) as unknown as typeof PageRows;
  const render = (tree: ReturnType<typeof h>) => {
    const root = createRoot(document.createElement('div') as unknown as Element);
    flushSync(() => root.render(tree));
    return () => flushSync(() => root.unmount());
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const vstore = async (items: Item[], loading: Loading, form: Form): Promise<Mounted> => {
    const client = vs.createClient({
      baseUrl: 'http://bench.test',
      getToken: () => 't',
      fetch: listFetch(items),
    });
    if (loading === 'at once') {
      // The same list (resource and params) read to its end before any component shows it.
      const list = vs.observeList(client.spendControls, undefined, { pageSize: PAGE });
      const off = list.subscribe(() => {});
      for (let r = list.getResult(); r.status !== 'success' || r.hasNextPage; r = list.getResult()) {
        if (r.status === 'success') await list.fetchNextPage();
        await settle();
      }
      off();
    }
    loaded = undefined;
    const unmount = render(h(vs.VStoreProvider, { client }, h(VList, { client, form })));
    // Every page read as a person pressing "load more" would, through the list's own reads.
    const v = () => loaded;
    for (let state = v(); state?.status !== 'success' || state.hasNextPage; state = v()) {
      if (state?.status === 'success') await state.fetchNextPage();
      await settle();
    }
    const shown = v()?.data.length;
    if (shown !== items.length) throw new Error(`loaded ${shown} rows`);
    return {
      apply: (_index, entity) =>
        flushSync(() => void client.store.apply('spend_control', entity.spend_control_id, entity, 'event')),
      unmount,
    };
  };

  // TanStack in its best form: default options, a prebuilt key, structural sharing as shipped, and an
  // updater that copies only the page holding the row (its place known in advance) or returns
  // undefined, its cheapest "keep", for a version that is not newer.
  rq.notifyManager.setScheduler((callback) => callback());
  const tanstack = async (items: Item[], loading: Loading, form: Form): Promise<Mounted> => {
    const client = new rq.QueryClient();
    if (loading === 'at once') {
      const pages: Page[] = [];
      for (let from = 0; from < items.length; from += PAGE) pages.push(JSON.parse(page(items, from)) as Page);
      client.setQueryData<Pages>(queryKey, { pages, pageParams: pages.map((_, i) => i * PAGE) });
    }
    readPage = async (from) =>
      (await (await listFetch(items)(`http://bench.test/?cursor=${from}`)).json()) as Page;
    loadedQ = undefined;
    const unmount = render(h(rq.QueryClientProvider, { client }, h(QList, { form })));
    // The same pages read the same way: fetched one by one, each rendered as it lands.
    const q = () => loadedQ;
    for (let state = q(); !state || state.isFetching || state.hasNextPage; state = q()) {
      if (state && !state.isFetching) await state.fetchNextPage();
      await settle();
    }
    const shown = (client.getQueryData<Pages>(queryKey)?.pages ?? []).reduce((n, p) => n + p.data.length, 0);
    if (shown !== items.length) throw new Error(`loaded ${shown} rows`);
    return {
      apply: (index, entity) =>
        flushSync(() =>
          client.setQueryData<Pages>(queryKey, (old) => {
            const at = Math.floor(index / PAGE);
            const held = old?.pages[at];
            if (!old || !held || (held.data[index % PAGE]?.version ?? 0) >= entity.version) return undefined;
            const data = held.data.slice();
            data[index % PAGE] = entity;
            const nextPages = old.pages.slice();
            nextPages[at] = { ...held, data };
            return { ...old, pages: nextPages };
          }),
        ),
      unmount: () => {
        unmount();
        client.clear();
      },
    };
  };
  return FORMS.flatMap((form) => [
    {
      name: `@vstore/react useList + store.apply (event), ${form}`,
      form,
      mount: (items: Item[], loading: Loading) => vstore(items, loading, form),
    },
    {
      name: `@tanstack/react-query useInfiniteQuery + setQueryData, ${form}`,
      form,
      mount: (items: Item[], loading: Loading) => tanstack(items, loading, form),
    },
  ]);
}

/** One round: mount with every page loaded, apply the updates timing each, count renders, unmount. */
async function round(
  mount: (items: Item[], loading: Loading) => Promise<Mounted>,
  size: (typeof SIZES)[number],
  ops: ReturnType<typeof updates>,
) {
  const items = Array.from({ length: size.rows }, (_, i) => spendControl(`sc_${i}`, i, 1, `control ${i}`));
  const mounted = await mount(items, size.loading);
  counter.lists = 0;
  counter.rows = 0;
  const start = performance.now();
  for (const op of ops) mounted.apply(op.index, op.entity);
  const ms = performance.now() - start;
  const { lists, rows: rendered } = counter;
  mounted.unmount();
  return {
    usPerUpdate: (ms * 1000) / ops.length,
    listsPerUpdate: lists / ops.length,
    rowsPerUpdate: rendered / ops.length,
  };
}

/** The ingest rows read step by step: what each one costs, in points of the floor's rate. */
function ingestReading([
  ,
  kept = 0,
  frozen = 0,
  store = 0,
  send = 0,
  escaped = 0,
  reordered = 0,
  fetched = 0,
]: number[]): string {
  const points = (from: number, to: number) => {
    const n = Math.round((from - to) * 100);
    return `${n} point${Math.abs(n) === 1 ? '' : 's'}`;
  };
  return (
    `Reading the ingest rows (this run, in points of the floor's rate): keeping each item zod/mini validated in a Map costs ${points(1, kept)}, ` +
    `deep-freezing it ${points(kept, frozen)} more, the store's apply (version gate, batch) ${points(frozen, store)} more. ` +
    'The floor keeps nothing, while every item a store keeps survives the young generation and is copied out of it. ' +
    `resource.list validates with the schema compiled (zod's answer, zod's issues on a failure), which keeps the item JSON.parse made when it already is the schema's output: ${formatRatio(send)} from the page text, ` +
    `${formatRatio(reordered)} when every item's fields come in another order than the schema's (each then built anew, as zod builds it), ` +
    `${points(send, escaped)} below plain pages when names carry \\u00e9 escapes, and a Response whose body is read first (Node's web streams) costs ${points(send, fetched)} more.`
  );
}

export async function listsSuite(): Promise<SuiteResult> {
  const restoreDom = await installDom();
  const rows: BenchRow[] = [];
  const checks: BenchCheck[] = [];
  try {
    const all = await targets();
    for (const size of SIZES) {
      const ops = updates(size.rows, size.updates, 11);
      const results = all.map(() => [] as Awaited<ReturnType<typeof round>>[]);
      // A warm-up round each, then the targets take turns so load on the machine hits both alike.
      for (let r = -1; r < ROUNDS; r++)
        for (const [i, target] of all.entries()) {
          const result = await round(target.mount, size, ops);
          if (r >= 0) results[i]!.push(result);
        }
      const us = results.map((rs) => median(rs.map((x) => x.usPerUpdate)));
      // Targets come in pairs, vstore then TanStack, one pair per form: each is read against its pair.
      for (const [i, target] of all.entries()) {
        const last = results[i]!.at(-1)!;
        const tanstackAt = i - (i % 2) + 1;
        rows.push({
          label: `${size.rows.toLocaleString('en')} rows (${size.loading}), ${target.name}: one row updated`,
          value: `${us[i]!.toFixed(0)} µs/update`,
          ratio: us[tanstackAt]! / us[i]!,
          ratioTo: `TanStack's speed (${target.form})`,
          note: `rows re-rendered per update ${last.rowsPerUpdate.toFixed(2)}, list renders ${last.listsPerUpdate.toFixed(2)}; ${size.updates} updates`,
        });
      }
      for (const [pair, form] of FORMS.entries()) {
        const [mine, theirs] = [us[pair * 2]!, us[pair * 2 + 1]!];
        const ours = results[pair * 2]!.at(-1)!;
        checks.push(
          {
            label: `${size.rows} rows (${size.loading}, ${form}): rows re-rendered per update (vstore)`,
            measured: ours.rowsPerUpdate.toFixed(2),
            target: '1',
            ok: ours.rowsPerUpdate === 1,
          },
          {
            label: `${size.rows} rows (${size.loading}, ${form}): time per update, vstore at or below TanStack's`,
            measured: `${mine.toFixed(0)} µs vs ${theirs.toFixed(0)} µs (${formatRatio(theirs / mine)} TanStack's speed)`,
            target: '>= 1x',
            ok: mine <= theirs,
          },
        );
      }
    }
  } finally {
    await restoreDom();
  }
  const ingest = await listIngest(await import('@vstore/core'));
  for (const step of ingest.steps)
    rows.push({
      label: step.label,
      opsPerSec: Math.round(step.itemsPerSec),
      ratio: step.itemsPerSec / ingest.floor,
      ratioTo: 'of the floor',
    });
  const { floor, list } = ingest;
  checks.push({
    label:
      'page of 100 ingested by resource.list (decode, validate, apply from the page text), items/s against the floor',
    measured: formatRatio(list / floor),
    target: '>= 0.8x',
    ok: list / floor >= 0.8,
  });
  return {
    name: 'lists',
    rows,
    checks,
    notes: [
      `Updates: every page loaded first (pages of ${PAGE}; paged or at once, see the rows), then each update is one newer version of a random row, rendered synchronously (flushSync); happy-dom; median µs per update of ${ROUNDS} rounds after a warm-up.`,
      "TanStack: default options, prebuilt key, structural sharing as shipped; its updater copies only the page that holds the row. By page, each of its pages is a memoized component, spared by identity (its updater keeps every other page object); vstore renders its one array in slices of 100 rows, each a memoized component spared when its rows are the same objects. By page is each library's best form for a long list; flat shows what React pays to reconcile every row.",
      `Ingest: 200 pages of ${PAGE} spend controls per run, items/s, the median of 7 runs; every run starts from a collected heap, and the steps take turns run by run. The target is checked on resource.list from the page text, as the floor starts from it: the client's whole read (its transport, read state, poison-key guard, checks and store) with the body already read; the stub fetch row adds reading a Response's body.`,
      ingestReading(ingest.steps.map((step) => step.itemsPerSec / ingest.floor)),
    ],
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await listsSuite();
  console.table(result.rows);
  console.table(result.checks);
  for (const note of result.notes ?? []) console.log(note);
}
