// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h, onMounted, shallowRef } from 'vue';
import { createVStore, type ResourceState, type SpendControl, useSpendControl } from '../index';
import { json, scriptedFetch, spendControl, withFakeTimers } from './scriptedFetch';

withFakeTimers();

describe('a composable made once its component has mounted', () => {
  it('reads and follows the control (as a store first used in onMounted would)', async () => {
    const server = scriptedFetch(() => json(200, spendControl('sc_1', 1, { name: 'Travel' })));
    const client = server.client();
    const App = defineComponent({
      setup() {
        const state = shallowRef<ResourceState<SpendControl>>();
        onMounted(() => {
          state.value = useSpendControl('sc_1');
        });
        return () => h('p', `${state.value?.status.value} ${state.value?.data.value?.name}`);
      },
    });
    const wrapper = mount(App, { global: { plugins: [createVStore({ client })] } });
    await vi.advanceTimersByTimeAsync(0);
    await flushPromises();
    expect(server.calls).toHaveLength(1);
    expect(wrapper.text()).toBe('success Travel');
    wrapper.unmount();
  });
});
