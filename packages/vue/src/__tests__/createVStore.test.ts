// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { createVStore, useSpendControl, useTask } from '../index';
import {
  held,
  json,
  scriptedFetch,
  spendControl,
  task,
  withFakeTimers,
  withPollingLoaded,
} from './scriptedFetch';

withPollingLoaded();
withFakeTimers();

function setup() {
  const server = scriptedFetch((call) =>
    call.path.startsWith('/tasks/')
      ? json(200, task('t_1', 'running'))
      : call.path.endsWith('sc_2')
        ? held().promise
        : json(200, spendControl('sc_1', 1)),
  );
  const client = server.client();
  let renders = 0;
  const Control = defineComponent({
    props: { id: { type: String, required: true } },
    setup(props) {
      const { data, status } = useSpendControl(() => props.id);
      const { task: polled } = useTask('t_1', { intervalMs: 1000 });
      return () => {
        renders++;
        return h(
          'p',
          `${status.value} ${data.value?.name ?? '-'} v${data.value?.version ?? 0} ${polled.value?.status ?? ''}`,
        );
      };
    },
  });
  return { server, client, Control, renders: () => renders };
}

describe('createVStore in components', () => {
  it('provides the client and re-renders only for newer versions of the shown control', async () => {
    const { client, Control, renders } = setup();
    const wrapper = mount(Control, {
      props: { id: 'sc_1' },
      global: { plugins: [createVStore({ client })] },
    });
    await vi.advanceTimersByTimeAsync(0);
    await flushPromises();
    expect(wrapper.text()).toBe('success Control sc_1 v1 running');
    const before = renders();

    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 1)); // duplicate
    client.store.apply('spend_control', 'sc_2', spendControl('sc_2', 3)); // another key
    await nextTick();
    expect(renders()).toBe(before);

    client.store.apply('spend_control', 'sc_1', spendControl('sc_1', 2, { name: 'Travel' }));
    await nextTick();
    expect(renders()).toBe(before + 1);
    expect(wrapper.text()).toBe('success Travel v2 running');
    wrapper.unmount();
  });

  it('follows a changed prop and cleans everything up on unmount', async () => {
    const { server, client, Control } = setup();
    const wrapper = mount(Control, {
      props: { id: 'sc_1' },
      global: { plugins: [createVStore({ client })] },
    });
    await vi.advanceTimersByTimeAsync(0);
    await wrapper.setProps({ id: 'sc_2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(wrapper.text()).toBe('pending - v0 running');
    wrapper.unmount();
    await Promise.resolve(); // the last leaver aborts a microtask later (a remount in between keeps the read)
    expect(server.calls.find((c) => c.path.endsWith('sc_2'))?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    const sent = server.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(sent);
  });

  it('exposes the client on the plugin object', () => {
    const { client } = setup();
    expect(createVStore({ client }).client).toBe(client);
    const ok = ref(false);
    const Probe = defineComponent({
      setup() {
        ok.value = useSpendControl('sc_1').status.value === 'pending';
        return () => null;
      },
    });
    mount(Probe, { global: { plugins: [createVStore({ client })] } }).unmount();
    expect(ok.value).toBe(true);
  });
});
