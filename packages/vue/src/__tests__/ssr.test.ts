import { describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, h, onServerPrefetch, ref } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { createVStore, useEntity, useSpendControl, useTask } from '../index';
import { json, scriptedFetch, spendControl } from './scriptedFetch';

describe('server rendering', () => {
  it('loads in serverPrefetch and leaves no subscription, poll or timer behind', async () => {
    const server = scriptedFetch(() => json(200, spendControl('sc_1', 4, { name: 'Travel' })));
    const client = server.client();
    const App = defineComponent({
      setup() {
        const { data, status } = useSpendControl('sc_1');
        const { status: taskStatus } = useTask('t_1');
        const entity = useEntity('spend_control', 'sc_1');
        return () =>
          h(
            'p',
            `${status.value} ${data.value?.name} v${data.value?.version} ${taskStatus.value} ${entity.value ? 'held' : ''}`,
          );
      },
    });
    const app = createSSRApp(App).use(createVStore({ client }));
    const html = await renderToString(app);
    expect(html).toBe('<p>success Travel v4 pending held</p>');
    // One read, from serverPrefetch; the task is left for the browser to poll.
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /spend_controls/sc_1']);
    // Nothing listens to the store after rendering: a later change reaches no component.
    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 5));
    expect(await renderToString(createSSRApp(App).use(createVStore({ client })))).toContain('v5');
  });
});

describe('server rendering, several readers', () => {
  it('lets components reading the same control share one prefetch, all rendering its data', async () => {
    const server = scriptedFetch(() => json(200, spendControl('sc_1', 2, { name: 'Fuel' })));
    const client = server.client();
    const Card = defineComponent({
      setup() {
        const { data, status } = useSpendControl('sc_1');
        return () => h('i', `${status.value} ${data.value?.name}`);
      },
    });
    const App = defineComponent({ setup: () => () => h('p', [h(Card), h(Card), h(Card)]) });
    const html = await renderToString(createSSRApp(App).use(createVStore({ client })));
    expect(html).toBe('<p><i>success Fuel</i><i>success Fuel</i><i>success Fuel</i></p>');
    expect(server.calls).toHaveLength(1);
  });
});

describe('server rendering, a read during setup', () => {
  it('renders what serverPrefetch loaded even when setup read the state before it', async () => {
    const server = scriptedFetch(() => json(200, spendControl('sc_1', 3, { name: 'Hotel' })));
    const client = server.client();
    const before: string[] = [];
    const App = defineComponent({
      setup() {
        const { data, status } = useSpendControl('sc_1');
        // Reading in setup evaluates the refs before serverPrefetch has loaded anything.
        before.push(status.value);
        return () => h('p', `${status.value} ${data.value?.name}`);
      },
    });
    const html = await renderToString(createSSRApp(App).use(createVStore({ client })));
    expect(before).toEqual(['pending']);
    expect(html).toBe('<p>success Hotel</p>');
  });
});

describe('server rendering, useEntity over an app-level prefetch', () => {
  it('renders the entity the app loaded in serverPrefetch though setup read it before', async () => {
    const server = scriptedFetch(() => json(200, spendControl('sc_1', 6, { name: 'Rail' })));
    const client = server.client();
    const before: unknown[] = [];
    const App = defineComponent({
      setup() {
        const entity = useEntity<{ name: string }>('spend_control', 'sc_1');
        before.push(entity.value);
        onServerPrefetch(() => client.spendControls.get('sc_1').then(() => undefined));
        return () => h('p', entity.value?.name ?? 'none');
      },
    });
    const html = await renderToString(createSSRApp(App).use(createVStore({ client })));
    expect(before).toEqual([undefined]);
    expect(html).toBe('<p>Rail</p>');
  });
});

describe('server rendering, an id set in serverPrefetch', () => {
  it('reads the control whose id the component sets in its own serverPrefetch', async () => {
    const server = scriptedFetch(() => json(200, spendControl('sc_1', 2, { name: 'Taxi' })));
    const client = server.client();
    const App = defineComponent({
      setup() {
        const id = ref<string>();
        const { data, status } = useSpendControl(id);
        onServerPrefetch(async () => {
          id.value = await Promise.resolve('sc_1');
          await client.spendControls.get(id.value);
        });
        return () => h('p', `${status.value} ${data.value?.name}`);
      },
    });
    const html = await renderToString(createSSRApp(App).use(createVStore({ client })));
    expect(html).toBe('<p>success Taxi</p>');
    expect(server.calls).toHaveLength(1);
  });
});
