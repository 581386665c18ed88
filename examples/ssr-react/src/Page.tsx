import { type Client, VStoreProvider } from '@vstore/react';
import { StrictMode } from 'react';
import { DetailView } from './DetailView';

/** The page both sides render: the same tree, so hydration finds the markup it would have made. */
export function Page({ client, id }: { client: Client; id: string }) {
  return (
    <StrictMode>
      <VStoreProvider client={client}>
        <DetailView id={id} />
      </VStoreProvider>
    </StrictMode>
  );
}
