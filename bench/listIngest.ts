// A page of 100 spend controls ingested by `resource.list` (decode, validate, apply) against the floor
// the issue names, JSON.parse of the page plus the schema's safeParse of each item, in the same run.
// Between them, the same run measures what each step adds, so the figure can be read: keeping every
// validated item (what any store must do), freezing it, the store's own apply, and the client's
// pipeline with the page text in hand (its `send` seam: decode, validate, apply, as the floor starts
// from the text) and over a stub `fetch` (a Response's body read first, as an app calls it).
import type * as Core from '@vstore/core';
import { Observable } from 'rxjs';
import { listPage, spendControl } from './fixtures';
import { median, settledHeap } from './harness';

const PAGES = 200;
const PAGE = 100;
const ROUNDS = 7;

/** What the ingest figures are: items/s per step, each the median of its rounds. */
export interface ListIngest {
  readonly steps: readonly { readonly label: string; readonly itemsPerSec: number }[];
  /** items/s of the floor, of `resource.list` from the page text, and over a stub fetch. */
  readonly floor: number;
  readonly list: number;
  readonly fetched: number;
}

const freezeDeep = (value: object): object => {
  for (const child of Object.values(value))
    if (typeof child === 'object' && child !== null) freezeDeep(child);
  return Object.freeze(value);
};

/**
 * Items/s of each step over the same `PAGES` page texts. Each run starts from a collected heap (the
 * items a run kept are not collected on the next one's time), and the steps take turns round by round.
 */
export async function listIngest(core: typeof Core): Promise<ListIngest> {
  const { createClient, createEntityStore, spendControlSchema, z } = core;
  const pageSchema = z.looseObject({
    data: z.array(spendControlSchema),
    next_cursor: z.optional(z.string()),
  });
  const items = Array.from({ length: PAGES * PAGE }, (_, i) => spendControl(`sc_${i}`, i, 2, `control ${i}`));
  const texts = Array.from({ length: PAGES }, (_, p) => listPage(items, p * PAGE, PAGE));
  // The same pages as an encoder that escapes non-ASCII writes them: each name holds an é.
  const escaped = texts.map((text) => text.replaceAll('"control ', '"contr\\u00e9le '));
  // The same pages from a service that writes each item's fields in another order than the schema's.
  const reordered = texts.map((text) => {
    const page = JSON.parse(text) as { data: Record<string, unknown>[] };
    return JSON.stringify({
      ...page,
      data: page.data.map((item) => Object.fromEntries(Object.entries(item).reverse())),
    });
  });
  const parsePage = (text: string) => {
    const page = z.safeParse(pageSchema, JSON.parse(text));
    if (!page.success) throw new Error('invalid page');
    return page.data.data;
  };
  const client = (transport: { send: Core.Send } | { fetch: typeof fetch }) =>
    createClient({
      baseUrl: 'http://bench.test',
      getToken: () => 't',
      retry: { budget: false },
      ...transport,
    });
  /** A send that answers each request with the next of `pages`, its body already read. */
  const sendOf = (pages: readonly string[]): Core.Send => {
    let next = 0;
    return () =>
      new Observable((subscriber) => {
        const text = pages[next++] ?? '';
        void Promise.resolve().then(() => {
          subscriber.next({ status: 200, headers: new Headers(), text });
          subscriber.complete();
        });
      });
  };
  // A new client per run: every item is new to its store, so each one is applied.
  const readAll = async (c: ReturnType<typeof client>) => {
    for (let p = 0; p < PAGES; p++) await c.spendControls.list(undefined, { limit: PAGE });
  };
  // The stub's Responses are made before the clock starts, as the network makes them before the
  // client reads one: encoding each page's text into a body is not the ingest's work.
  let responses: Response[] = [];
  // Each step: its label, the run that is timed, and what it needs made before the clock starts.
  const steps: [string, () => unknown, (() => void)?][] = [
    [
      'floor: JSON.parse of a page + zod/mini safeParse of each item',
      () => {
        for (const text of texts)
          for (const item of (JSON.parse(text) as { data: unknown[] }).data)
            if (!z.safeParse(spendControlSchema, item).success) throw new Error('invalid');
      },
    ],
    [
      'the floor, each item kept in a Map by id',
      () => {
        const kept = new Map<string, object>();
        for (const text of texts) for (const item of parsePage(text)) kept.set(item.spend_control_id, item);
        return kept;
      },
    ],
    [
      'the floor, each item kept in a Map and deep-frozen',
      () => {
        const kept = new Map<string, object>();
        for (const text of texts)
          for (const item of parsePage(text)) kept.set(item.spend_control_id, freezeDeep(item));
        return kept;
      },
    ],
    [
      'the floor + store.apply of each item (the store by hand)',
      () => {
        const store = createEntityStore();
        for (const text of texts) {
          const page = parsePage(text);
          store.batch(() => {
            for (const item of page) store.apply('spend_control', item.spend_control_id, item);
          });
        }
        return store;
      },
    ],
    [
      'resource.list, its send answering with the page text (body already read)',
      () => readAll(client({ send: sendOf(texts) })),
    ],
    [
      'resource.list, its send answering with pages whose names carry \\u00e9 escapes (Python and .NET write non-ASCII so)',
      () => readAll(client({ send: sendOf(escaped) })),
    ],
    [
      "resource.list, its send answering with pages whose items list their fields in another order than the schema's",
      () => readAll(client({ send: sendOf(reordered) })),
    ],
    [
      'resource.list over a stub fetch (a Response per page, its body read)',
      () => {
        // Taken by this run, so none is kept alive through the other steps' runs.
        const ready = responses;
        responses = [];
        let next = 0;
        return readAll(client({ fetch: async () => ready[next++] ?? new Response('') }));
      },
      () => {
        responses = texts.map((text) => new Response(text, { status: 200 }));
      },
    ],
  ];
  const rates = steps.map(() => [] as number[]);
  for (let r = -1; r < ROUNDS; r++)
    for (const [i, [, run, prepare]] of steps.entries()) {
      prepare?.();
      settledHeap();
      const start = performance.now();
      await run();
      if (r >= 0) rates[i]!.push((items.length / (performance.now() - start)) * 1000);
    }
  const perStep = steps.map(([label], i) => ({ label, itemsPerSec: median(rates[i]!) }));
  const rate = (label: string) => perStep.find((step) => step.label.startsWith(label))!.itemsPerSec;
  return {
    steps: perStep,
    floor: perStep[0]!.itemsPerSec,
    list: rate('resource.list, its send answering with the page text'),
    fetched: rate('resource.list over a stub fetch'),
  };
}
