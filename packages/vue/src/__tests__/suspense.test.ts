// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createApp, defineComponent, h, Suspense } from 'vue';
import { createVStore } from '../createVStore';
import { useSpendControl, useSpendControlHistory } from '../useSpendControl';
import { json, scriptedFetch, settle, spendControl, withFakeTimers } from './scriptedFetch';

withFakeTimers();

const serve = scriptedFetch((call) =>
  call.path.endsWith('/history')
    ? json(200, { data: [spendControl('sc_1', 1), spendControl('sc_1', 2)] })
    : json(200, spendControl('sc_1', 2)),
);

/** A component whose async setup awaits its reads, under <Suspense>; resolves once it rendered. */
async function mountAwaiting(suspense: boolean) {
  const client = serve.client();
  const Detail = defineComponent({
    async setup() {
      const latest = useSpendControl('sc_1', { suspense });
      const history = useSpendControlHistory('sc_1', { suspense });
      await Promise.all([latest.refetch(), history.refetch()]);
      return () => h('p', `v${latest.data.value?.version} ${history.data.value?.length} versions`);
    },
  });
  const root = document.createElement('div');
  const app = createApp({ render: () => h(Suspense, null, { default: () => h(Detail) }) });
  app.use(createVStore({ client })).mount(root);
  for (let i = 0; i < 20 && !root.textContent?.includes('versions'); i++) await settle();
  expect(root.textContent).toBe('v2 2 versions');
  return app;
}

describe('suspense option', () => {
  it('spares the mount a second read of what an awaited setup just read', async () => {
    serve.calls.length = 0;
    const app = await mountAwaiting(true);
    expect(serve.calls.map((c) => c.path)).toEqual(['/spend_controls/sc_1', '/spend_controls/sc_1/history']);
    app.unmount();
  });

  it('reads again at mount without it (so the test above can fail)', async () => {
    serve.calls.length = 0;
    const app = await mountAwaiting(false);
    await settle();
    expect(serve.calls.length).toBeGreaterThan(2);
    app.unmount();
  });
});
