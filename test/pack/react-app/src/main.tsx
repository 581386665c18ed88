// A stranger's first React app, built by scripts/testPack.mjs from the packed tarballs in a directory
// outside the workspace. It imports core directly as well as through the binding, and runs the local
// service's fetch handler in the page (no Node server), as a demo or a component test would.
import { createClient, NetworkError, type SpendControl } from '@vstore/core';
import { useSpendControl, useSpendControlHistory, VStoreProvider } from '@vstore/react';
import { createService } from '@vstore/service';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const service = createService();
const client = createClient({
  baseUrl: 'https://api.example.test',
  getToken: () => 'dev-token',
  fetch: (input, init) => service.fetch(new Request(input, init)),
});

function SpendControlView({ id }: { id: string }) {
  const { data, error, status } = useSpendControl(id);
  const history = useSpendControlHistory(id);
  if (status === 'pending') return <p>Loading…</p>;
  if (status === 'error') return <p>{error instanceof NetworkError ? 'Offline' : 'Could not load'}</p>;
  // `status` narrows `data`: a SpendControl here, not `SpendControl | undefined`.
  const control: SpendControl = data;
  return (
    <p>
      {control.name}: {control.limit?.amount} {control.limit?.currency}, version {control.version} of{' '}
      {history.data?.length ?? '…'}
    </p>
  );
}

/**
 * Never called: each line must be a type error. Types that failed to resolve would be `any`, and an
 * unused `@ts-expect-error` fails the type check, so these show that the published types are real.
 */
export function PublishedTypesAreChecked({ control }: { control: SpendControl }) {
  // @ts-expect-error an id is a string
  useSpendControl(42);
  // @ts-expect-error a name is a string
  const name: number = control.name;
  // @ts-expect-error baseUrl is required
  createClient({ getToken: () => 'dev-token' });
  return name;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <VStoreProvider client={client}>
      <SpendControlView id="sc_1" />
    </VStoreProvider>
  </StrictMode>,
);
