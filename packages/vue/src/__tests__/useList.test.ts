// @vitest-environment happy-dom
import { dehydrate, hydrate, type SpendControl } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import {
  createApp,
  createSSRApp,
  defineComponent,
  effectScope,
  h,
  nextTick,
  reactive,
  ref,
  watch,
} from 'vue';
import { renderToString } from 'vue/server-renderer';
import { createVStore } from '../createVStore';
import { useAccounts } from '../useAccounts';
import { useList } from '../useList';
import { useSpendControls } from '../useSpendControls';
import {
  held,
  json,
  type Reply,
  type ScriptedCall,
  scriptedFetch,
  settle,
  spendControl,
  withFakeTimers,
} from './scriptedFetch';

withFakeTimers();

const seed = (): SpendControl[] => [
  spendControl('sc_1', 1),
  spendControl('sc_2', 1, { status: 'paused' }),
  spendControl('sc_3', 1),
  spendControl('sc_4', 1, { account_id: 'acc_2' }),
  spendControl('sc_5', 1),
];

/** Lists `rows` as the service does: equality filters, `limit`, the cursor an index. */
const lists =
  (rows: SpendControl[]) =>
  (call: ScriptedCall): Response => {
    const query = new URLSearchParams(call.search);
    const limit = Number(query.get('limit') ?? 20);
    const from = Number(query.get('cursor') ?? 0);
    const matching = rows.filter((row) =>
      [...query].every(
        ([field, value]) =>
          field === 'limit' ||
          field === 'cursor' ||
          String((row as Record<string, unknown>)[field]) === value,
      ),
    );
    const data = matching.slice(from, from + limit);
    return json(200, from + limit < matching.length ? { data, next_cursor: String(from + limit) } : { data });
  };

function setup(script: (call: ScriptedCall) => Reply = lists(seed())) {
  const server = scriptedFetch(script);
  const client = server.client();
  const scope = effectScope();
  return { server, client, scope, run: <T>(fn: () => T): T => scope.run(fn) as T };
}

const ids = (rows: readonly SpendControl[]) => rows.map((row) => row.spend_control_id);
const query = (call: ScriptedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));

describe('useSpendControls', () => {
  it('reads the first page: pending with no rows, then the store’s own objects', async () => {
    const { server, client, scope, run } = setup();
    const list = run(() => useSpendControls({ account_id: 'acc_1' }, { client }));
    expect(list.status.value).toBe('pending');
    expect(list.data.value).toEqual([]);
    await settle();
    expect(list.status.value).toBe('success');
    expect(list.isFetching.value).toBe(false);
    expect(ids(list.data.value)).toEqual(['sc_1', 'sc_2', 'sc_3', 'sc_5']);
    expect(list.data.value[0]).toBe(client.store.get('spend_control', 'sc_1'));
    expect(server.calls).toHaveLength(1);
    expect(query(server.calls[0])).toEqual({ account_id: 'acc_1', limit: '20' });
    scope.stop();
  });

  it('triggers data once for a row’s newer version, never for stale, duplicate or other rows', async () => {
    const { client, scope, run } = setup();
    const list = run(() => useSpendControls({ account_id: 'acc_1' }, { client }));
    await settle();
    let updates = 0;
    run(() => watch(list.data, () => updates++, { flush: 'sync' }));
    const before = list.data.value;
    client.store.apply('spend_control', 'sc_3', spendControl('sc_3', 1)); // duplicate
    client.store.apply('spend_control', 'sc_9', spendControl('sc_9', 1, { account_id: 'acc_2' })); // not listed
    expect(updates).toBe(0);
    expect(list.data.value).toBe(before);
    client.store.apply('spend_control', 'sc_3', spendControl('sc_3', 2, { name: 'Edited' }));
    expect(updates).toBe(1);
    expect(list.data.value[2]).toMatchObject({ name: 'Edited', version: 2 });
    expect(list.data.value[0]).toBe(before[0]);
    client.store.apply('spend_control', 'sc_3', spendControl('sc_3', 1)); // stale
    expect(updates).toBe(1);
    scope.stop();
  });

  it('drops a row that stops matching, and one that is removed, at once', async () => {
    const { client, scope, run } = setup();
    const list = run(() => useSpendControls({ account_id: 'acc_1', status: 'active' }, { client }));
    await settle();
    expect(ids(list.data.value)).toEqual(['sc_1', 'sc_3', 'sc_5']);
    client.store.apply('spend_control', 'sc_3', spendControl('sc_3', 2, { status: 'paused' }));
    expect(ids(list.data.value)).toEqual(['sc_1', 'sc_5']);
    client.store.remove('spend_control', 'sc_1');
    expect(ids(list.data.value)).toEqual(['sc_5']);
    scope.stop();
  });

  it('pages with fetchNextPage and reads the loaded pages again with refetch', async () => {
    const { server, client, scope, run } = setup();
    const list = run(() => useSpendControls({ account_id: 'acc_1' }, { client, pageSize: 2 }));
    await settle();
    expect(ids(list.data.value)).toEqual(['sc_1', 'sc_2']);
    expect(list.hasNextPage.value).toBe(true);
    const next = list.fetchNextPage();
    expect(list.isFetchingNextPage.value).toBe(true);
    await settle();
    await next;
    expect(ids(list.data.value)).toEqual(['sc_1', 'sc_2', 'sc_3', 'sc_5']);
    expect(list.hasNextPage.value).toBe(false);
    expect(list.isFetchingNextPage.value).toBe(false);
    const refetch = list.refetch();
    await settle();
    await refetch;
    expect(server.calls.map((c) => query(c).cursor)).toEqual([undefined, '2', undefined, '2']);
    scope.stop();
  });

  it('follows params compared by value: an equal object reads nothing, a change reads the new list', async () => {
    const { server, client, scope, run } = setup();
    const filter = reactive({ status: 'active' as 'active' | 'paused' });
    const tick = ref(0);
    // A getter that builds a new object on each run, as a template's inline object would.
    const list = run(() =>
      useSpendControls(
        () => {
          tick.value;
          return { account_id: 'acc_1', status: filter.status };
        },
        {
          client,
          pageSize: 2,
        },
      ),
    );
    await settle();
    expect(ids(list.data.value)).toEqual(['sc_1', 'sc_3']);
    tick.value++;
    await settle();
    expect(server.calls).toHaveLength(1);
    filter.status = 'paused';
    await settle();
    expect(server.calls).toHaveLength(2);
    expect(query(server.calls[1])).toMatchObject({ status: 'paused' });
    expect(ids(list.data.value)).toEqual(['sc_2']);
    expect(list.hasNextPage.value).toBe(false);
    // fetchNextPage and refetch act on the list the params name now.
    filter.status = 'active';
    await settle();
    await list.fetchNextPage();
    await settle();
    expect(ids(list.data.value)).toEqual(['sc_1', 'sc_3', 'sc_5']);
    expect(query(server.calls.at(-1))).toMatchObject({ status: 'active', cursor: '2' });
    scope.stop();
  });

  it('shares one request between two readers of the same list', async () => {
    const { server, client, scope, run } = setup();
    const a = run(() => useSpendControls({ account_id: 'acc_1' }, { client }));
    const b = run(() => useList(client.spendControls, { account_id: 'acc_1' }));
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(a.data.value[0]).toBe(b.data.value[0]);
    scope.stop();
  });

  it('aborts the read in flight when its scope ends, and the old list’s read when params change', async () => {
    const first = held();
    const { server, client, scope, run } = setup(() => first.promise);
    run(() => useSpendControls({ account_id: 'acc_1' }, { client }));
    await settle();
    expect(server.aborted()).toBe(0);
    scope.stop();
    await settle();
    expect(server.calls[0]?.signal?.aborted).toBe(true);

    const replies = [held(), held()];
    const second = setup(() => replies[second.server.calls.length - 1]?.promise ?? json(500, {}));
    const status = ref<'active' | 'paused'>('active');
    const list = second.run(() =>
      useSpendControls(() => ({ account_id: 'acc_1', status: status.value }), { client: second.client }),
    );
    await settle();
    status.value = 'paused';
    await settle();
    expect(second.server.calls[0]?.signal?.aborted).toBe(true);
    replies[1]?.resolve(lists(seed())(second.server.calls[1] as ScriptedCall));
    await settle();
    expect(ids(list.data.value)).toEqual(['sc_2']);
    expect(list.error.value).toBeUndefined();
    second.scope.stop();
  });
});

describe('useAccounts', () => {
  it('lists accounts by status', async () => {
    const { server, client, scope, run } = setup(() =>
      json(200, {
        data: [
          {
            account_id: 'acc_1',
            version: 1,
            version_time: '2026-01-01T00:00:00Z',
            name: 'Ops',
            status: 'open',
          },
        ],
      }),
    );
    const accounts = run(() => useAccounts({ status: 'open' }, { client }));
    await settle();
    expect(accounts.data.value.map((a) => a.name)).toEqual(['Ops']);
    expect(server.calls[0]?.path).toBe('/accounts');
    expect(query(server.calls[0])).toMatchObject({ status: 'open' });
    scope.stop();
  });
});

describe('useSpendControls in components', () => {
  it('reads once the component mounts, and renders each change', async () => {
    const { server, client } = setup();
    const Table = defineComponent({
      setup() {
        const { data, status } = useSpendControls({ account_id: 'acc_1', status: 'active' });
        return () =>
          h(
            'ul',
            { 'data-status': status.value },
            data.value.map((row) => h('li', `${row.name}@${row.version}`)),
          );
      },
    });
    const host = document.createElement('div');
    const app = createApp(Table).use(createVStore({ client }));
    app.mount(host);
    await settle();
    await nextTick();
    expect(host.querySelectorAll('li')).toHaveLength(3);
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 2, { name: 'Travel' }));
    await nextTick();
    expect(host.querySelector('li')?.textContent).toBe('Travel@2');
    app.unmount();
    expect(server.calls).toHaveLength(1);
  });

  it('renders on the server from serverPrefetch, and hydrates with no read at mount', async () => {
    const { server, client } = setup();
    const Table = defineComponent({
      setup() {
        const { data, isFetching } = useSpendControls({ account_id: 'acc_1' }, { maxAgeMs: 60_000 });
        return () =>
          h(
            'ul',
            { 'data-fetching': String(isFetching.value) },
            data.value.map((row) => h('li', row.name ?? '')),
          );
      },
    });
    const html = await renderToString(createSSRApp(Table).use(createVStore({ client })));
    expect(html).toContain('<li>Control sc_5</li>');
    expect(html).toContain('data-fetching="false"');
    expect(server.calls).toHaveLength(1);

    const browser = setup();
    hydrate(browser.client, JSON.parse(JSON.stringify(dehydrate(client))));
    const host = document.createElement('div');
    host.innerHTML = html;
    createSSRApp(Table)
      .use(createVStore({ client: browser.client }))
      .mount(host);
    await settle();
    expect(host.innerHTML).toBe(html);
    expect(browser.server.calls).toHaveLength(0);
  });
});
