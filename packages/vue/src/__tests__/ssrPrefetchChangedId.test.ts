// Found by review 36 (failed before its fix): on the server the observer was made once, from the inputs
// as they were when this composable's prefetch began, so an id the component's own serverPrefetch changed
// (one that did not start undefined) rendered the old entity's data under the new id.
import { describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, h, onServerPrefetch, ref } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { createVStore, useSpendControl } from '../index';
import { json, scriptedFetch, spendControl } from './scriptedFetch';

describe('server rendering, an id changed in serverPrefetch', () => {
  it('renders the control whose id the component’s own serverPrefetch set', async () => {
    const server = scriptedFetch((call) =>
      json(
        200,
        spendControl(call.path.split('/').at(-1) as string, 2, {
          name: `Name of ${call.path.split('/').at(-1)}`,
        }),
      ),
    );
    const client = server.client();
    const App = defineComponent({
      setup() {
        // A default id, replaced by the one serverPrefetch resolves (a slug looked up, a redirect).
        const id = ref('sc_1');
        const { data } = useSpendControl(id);
        onServerPrefetch(async () => {
          id.value = await Promise.resolve('sc_2');
        });
        return () => h('p', `${id.value}: ${data.value?.name}`);
      },
    });
    const html = await renderToString(createSSRApp(App).use(createVStore({ client })));
    expect(html).toBe('<p>sc_2: Name of sc_2</p>');
  });
});

// Found by review 40: the composable's own prefetch cannot wait for the component's, so an id set
// after a lookup that outlasts its first load renders unloaded. The README's rule: load it there.
describe('server rendering, an id your own serverPrefetch sets after a slow lookup', () => {
  it('renders that control when the same prefetch awaits refetch() after setting it', async () => {
    const name = (call: { path: string }) => call.path.split('/').at(-1) as string;
    let firstAnswered = () => {};
    const answered = new Promise<void>((resolve) => {
      firstAnswered = resolve;
    });
    const server = scriptedFetch((call) => {
      if (name(call) === 'sc_1') firstAnswered();
      return json(200, spendControl(name(call), 2, { name: `Name of ${name(call)}` }));
    });
    const client = server.client();
    const App = defineComponent({
      setup() {
        const id = ref('sc_1');
        const { data, refetch } = useSpendControl(id);
        onServerPrefetch(async () => {
          // A lookup that ends after the composable's load of sc_1 has (a task after its reply).
          await answered;
          await new Promise((resolve) => setImmediate(resolve));
          id.value = 'sc_2';
          await refetch();
        });
        return () => h('p', `${id.value}: ${data.value?.name}`);
      },
    });
    const html = await renderToString(createSSRApp(App).use(createVStore({ client })));
    expect(html).toBe('<p>sc_2: Name of sc_2</p>');
  });
});
