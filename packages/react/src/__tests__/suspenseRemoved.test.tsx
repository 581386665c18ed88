// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, it } from 'vitest';
import { useSpendControl } from '../useSpendControl';
import { VStoreProvider } from '../vstoreProvider';
import { fakeClient } from './testClient';

// Regressions (review 22): under `suspense`, a removed entity suspended on a read whose reply the
// version gate refuses, then read again, for ever (813 GETs in 300 ms). A removed entity does not
// suspend: the component renders with `isRemoved`.

afterEach(cleanup);

/** After `limit` reads the fake service stops answering, so a read loop halts instead of starving the test. */
function capped(fake: ReturnType<typeof fakeClient>, limit = 50) {
  const answer = fake.get.getMockImplementation();
  if (!answer) throw new Error('the fake client has no get');
  fake.get.mockImplementation((id, options) =>
    fake.get.mock.calls.length > limit ? new Promise<never>(() => {}) : answer(id, options),
  );
}

function Card() {
  const { data, isRemoved } = useSpendControl('sc_1', { suspense: true });
  return <span>{isRemoved ? 'removed' : String(data?.version)}</span>;
}

const app = (fake: ReturnType<typeof fakeClient>) => (
  <VStoreProvider client={fake.client}>
    <Suspense fallback={<span>loading</span>}>
      <Card />
    </Suspense>
  </VStoreProvider>
);

it('renders a removed entity as removed, without reading again and again', async () => {
  const fake = fakeClient();
  capped(fake);
  // Removed here (a *.deleted event, another tab, the app) while the service still answers with it.
  fake.store.remove('spend_control', 'sc_1');
  const { findByText } = render(app(fake));
  await findByText('removed');
  // At most the one read a mounted observer starts for a key it holds no data of.
  expect(fake.get.mock.calls.length).toBeLessThanOrEqual(1);
});

it('shows a card whose entity is then removed as removed, with no read', async () => {
  const fake = fakeClient();
  const { findByText } = render(app(fake));
  await findByText('1');
  capped(fake);
  const before = fake.get.mock.calls.length;
  fake.store.remove('spend_control', 'sc_1');
  await findByText('removed');
  expect(fake.get.mock.calls.length - before).toBe(0);
});
