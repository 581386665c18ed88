import { type Client, VStoreProvider } from '@vstore/react';
import { StrictMode } from 'react';
// The dashboard's own detail view, unchanged: server rendering needs nothing of the components.
import { SpendControlDetail } from '../../react-dashboard/src/components/SpendControlDetail';

/** The page both sides render: the same tree, so hydration finds the markup it would have made. */
export function Page({ client, id }: { client: Client; id: string }) {
  return (
    <StrictMode>
      <VStoreProvider client={client}>
        <SpendControlDetail id={id} />
      </VStoreProvider>
    </StrictMode>
  );
}
