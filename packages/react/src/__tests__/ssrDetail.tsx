import { Suspense } from 'react';
import { useSpendControl, useSpendControlHistory } from '../useSpendControl';
import { VStoreProvider } from '../vstoreProvider';
import { ssrService } from './ssrService';

// Test support, not a test file: the page of ssr.test.tsx. The test imports it twice, after
// vi.resetModules(), once per side: server and browser then each have their own module instances
// (React context, core), as they would in two processes. Without that, React warns that two
// renderers use one context provider, a warning only a test running both sides in one process sees.

// This side's own instance of core's server-rendering functions: a client is known only to its own.
export { dehydrate, hydrate } from '@vstore/core';
export { ssrService };

/** isFetching of each component's first render. */
export const firstRenders = new Map<string, boolean>();
const seen = (name: string, isFetching: boolean) => {
  if (!firstRenders.has(name)) firstRenders.set(name, isFetching);
};

function Latest({ suspense }: { suspense: boolean }) {
  const { data, status, isFetching } = useSpendControl('sc_1', { maxAgeMs: 60_000, suspense });
  seen('latest', isFetching);
  return <p>{`latest ${status} ${data?.name} v${data?.version} fetching:${isFetching}`}</p>;
}

function Historical({ suspense }: { suspense: boolean }) {
  const { data, status, isFetching } = useSpendControl('sc_1', { version: 1, suspense });
  seen('historical', isFetching);
  return <p>{`historical ${status} ${data?.name} ${data?.limit?.amount} fetching:${isFetching}`}</p>;
}

function History({ suspense }: { suspense: boolean }) {
  const { data, status, isFetching } = useSpendControlHistory('sc_1', { suspense });
  seen('history', isFetching);
  return (
    <ul data-status={status} data-fetching={String(isFetching)}>
      {data?.map((v) => (
        <li key={v.version}>{`v${v.version} ${v.name}`}</li>
      ))}
    </ul>
  );
}

function Failed() {
  const { error, status, isFetching } = useSpendControl('sc_404', { maxAgeMs: 60_000 });
  seen('failed', isFetching);
  return <p>{`failed ${status} ${error?.name}: ${error?.message} fetching:${isFetching}`}</p>;
}

function Detail({ suspense = false }: { suspense?: boolean }) {
  return (
    <main>
      <Latest suspense={suspense} />
      <Historical suspense={suspense} />
      <History suspense={suspense} />
      {suspense ? null : <Failed />}
    </main>
  );
}

export const page = (client: ReturnType<typeof ssrService>['client'], suspense = false) => (
  <VStoreProvider client={client}>
    {suspense ? (
      <Suspense fallback={<p>loading</p>}>
        <Detail suspense />
      </Suspense>
    ) : (
      <Detail />
    )}
  </VStoreProvider>
);
