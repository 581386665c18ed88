// @vitest-environment happy-dom
import { dehydrate, hydrate, serializeSnapshot } from '@vstore/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Component, createSSRApp, defineComponent, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { createVStore } from '../createVStore';
import { useSpendControl, useSpendControlHistory } from '../useSpendControl';
import { json, type ScriptedCall, scriptedFetch, spendControl } from './scriptedFetch';

/** Every version of sc_1 (3 of them); any other id is a 404 in the spec's error shape. */
const serve = (call: ScriptedCall) => {
  const [, , id, tail] = call.path.split('/');
  if (id !== 'sc_1')
    return json(404, { type: 'not_found', message: `spend control ${id} not found`, trace_id: 'tr_404' });
  const all = [1, 2, 3].map((v) => spendControl('sc_1', v, { name: `Travel v${v}` }));
  if (tail === 'history') return json(200, { data: all });
  const version = new URLSearchParams(call.search).get('version');
  return json(200, all[Number(version ?? 3) - 1]);
};

/** isFetching of each component's first render. */
let firstRenders: Map<string, boolean>;
const part = (name: string, read: () => { isFetching: { value: boolean } }, text: (r: never) => string) =>
  defineComponent({
    setup() {
      const result = read();
      return () => {
        if (!firstRenders.has(name)) firstRenders.set(name, result.isFetching.value);
        return h('p', text(result as never));
      };
    },
  });

type R = ReturnType<typeof useSpendControl>;
type H = ReturnType<typeof useSpendControlHistory>;
const Latest = part(
  'latest',
  () => useSpendControl('sc_1', { maxAgeMs: 60_000 }),
  (r: R) => `latest ${r.status.value} ${r.data.value?.name} fetching:${r.isFetching.value}`,
);
const Historical = part(
  'historical',
  () => useSpendControl('sc_1', { version: 1 }),
  (r: R) =>
    `historical ${r.status.value} ${r.data.value?.name} ${r.data.value?.limit?.amount} fetching:${r.isFetching.value}`,
);
const History = part(
  'history',
  () => useSpendControlHistory('sc_1'),
  (r: H) =>
    `history ${r.status.value} ${r.data.value?.map((v) => v.version).join(',')} fetching:${r.isFetching.value}`,
);
const Failed = part(
  'failed',
  () => useSpendControl('sc_404', { maxAgeMs: 60_000 }),
  (r: R) =>
    `failed ${r.status.value} ${r.error.value?.name}: ${r.error.value?.message} fetching:${r.isFetching.value}`,
);
const Page: Component = { render: () => h('main', [h(Latest), h(Historical), h(History), h(Failed)]) };

let warnings: ReturnType<typeof vi.spyOn>[];
beforeEach(() => {
  firstRenders = new Map();
  warnings = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
});
afterEach(() => {
  for (const spy of warnings) spy.mockRestore();
  document.body.innerHTML = '';
});

async function renderOnServer() {
  const server = scriptedFetch(serve);
  const client = server.client({ retry: { maxAttempts: 1 } });
  const html = await renderToString(createSSRApp(Page).use(createVStore({ client })));
  return { html, snapshot: serializeSnapshot(dehydrate(client)), server };
}

function hydrateInBrowser(html: string, snapshot: string) {
  const browser = scriptedFetch(serve);
  const client = browser.client({ retry: { maxAttempts: 1 } });
  hydrate(client, JSON.parse(snapshot));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const app = createSSRApp(Page).use(createVStore({ client }));
  const warnHandler = vi.fn();
  app.config.warnHandler = warnHandler;
  firstRenders = new Map();
  app.mount(container);
  return { browser, container, warnHandler, app };
}

describe('server rendering with @vstore/vue', () => {
  it('hydrates what serverPrefetch read with the same markup: latest, historical, history, error', async () => {
    const { html, snapshot, server } = await renderOnServer();
    expect(html).toContain('latest success Travel v3 fetching:false');
    expect(html).toContain('historical success Travel v1 100 fetching:false');
    expect(html).toContain('history success 1,2,3 fetching:false');
    expect(html).toContain('failed error ApiError: ');
    expect(html).toContain('spend control sc_404 not found');
    expect(server.calls).toHaveLength(4);

    const { browser, container, warnHandler, app } = hydrateInBrowser(html, snapshot);
    expect(Object.fromEntries(firstRenders)).toEqual({
      latest: false,
      historical: false,
      history: false,
      failed: false,
    });
    expect(warnHandler).not.toHaveBeenCalled();
    for (const spy of warnings) expect(spy).not.toHaveBeenCalled();
    // maxAgeMs covers the latest read and a historical version never changes: neither is read at mount.
    const covered = browser.calls.filter((c) => c.path === '/spend_controls/sc_1');
    expect(covered).toEqual([]);
    // History and errors may be read again after mount; once settled the markup is the server's.
    await vi.waitFor(() => expect(container.innerHTML).toBe(html));
    app.unmount();
  });

  it('mismatches without the reads of the snapshot (so the test above can fail)', async () => {
    const { html, snapshot } = await renderOnServer();
    const { warnHandler, app } = hydrateInBrowser(
      html,
      JSON.stringify({ ...JSON.parse(snapshot), reads: [] }),
    );
    expect(warnHandler.mock.calls.map(([message]) => String(message)).join('\n')).toContain('Hydration');
    app.unmount();
  });
});
