import { describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, h, onServerPrefetch, ref } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { createVStore, useTask } from '../index';
import { json, scriptedFetch, task } from './scriptedFetch';

describe('server rendering, useTask over a prefetch', () => {
  it('renders the task the component loaded in serverPrefetch though setup read it before', async () => {
    const server = scriptedFetch(() => json(200, task('t_1', 'completed')));
    const client = server.client();
    const before: string[] = [];
    const App = defineComponent({
      setup() {
        const { task: t, status } = useTask('t_1');
        before.push(status.value);
        onServerPrefetch(() => client.tasks.get('t_1').then(() => undefined));
        return () => h('p', `${status.value} ${t.value?.status}`);
      },
    });
    const html = await renderToString(createSSRApp(App).use(createVStore({ client })));
    expect(before).toEqual(['pending']);
    expect(html).toBe('<p>success completed</p>');
  });
  it('renders the task whose id the component sets in its serverPrefetch', async () => {
    const server = scriptedFetch(() => json(200, task('t_1', 'completed')));
    const client = server.client();
    const App = defineComponent({
      setup() {
        const id = ref<string | undefined>(undefined);
        const { task: t, status } = useTask(id);
        onServerPrefetch(async () => {
          await client.tasks.get('t_1');
          id.value = 't_1';
        });
        return () => h('p', `${status.value} ${t.value?.status}`);
      },
    });
    const html = await renderToString(createSSRApp(App).use(createVStore({ client })));
    expect(html).toBe('<p>success completed</p>');
  });
});
