// @vitest-environment happy-dom
// Found by review 36 (failed before its fix): before mount nothing subscribes to the observer, so an async
// setup that awaited refetch() (what the `suspense` option is for) still saw, in refs it had read before
// the await, the state from before the read: `status` 'pending' and `data` undefined.
import { describe, expect, it } from 'vitest';
import { createApp, defineComponent, h, Suspense } from 'vue';
import { createVStore } from '../createVStore';
import { useSpendControl } from '../useSpendControl';
import { json, scriptedFetch, settle, spendControl, withFakeTimers } from './scriptedFetch';

withFakeTimers();

describe('an async setup that awaits refetch()', () => {
  it('sees what the awaited read brought, in setup, even for refs it read before awaiting', async () => {
    const server = scriptedFetch(() => json(200, spendControl('sc_1', 2, { name: 'Travel' })));
    const client = server.client();
    const inSetup: string[] = [];
    const Detail = defineComponent({
      async setup() {
        const { data, status, refetch } = useSpendControl('sc_1', { suspense: true });
        inSetup.push(`before: ${status.value}`);
        await refetch();
        inSetup.push(`after: ${status.value} ${data.value?.name}`);
        return () => h('p', `${status.value} ${data.value?.name}`);
      },
    });
    const root = document.createElement('div');
    const app = createApp({ render: () => h(Suspense, null, { default: () => h(Detail) }) });
    app.use(createVStore({ client })).mount(root);
    for (let i = 0; i < 20 && inSetup.length < 2; i++) await settle();
    expect(server.calls).toHaveLength(1);
    expect(inSetup).toEqual(['before: pending', 'after: success Travel']);
    app.unmount();
  });
});
