import { getClientEvents, useVStoreClient } from '@vstore/react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

interface LastEvent {
  id: string;
  version: number | undefined;
  count: number;
}

/**
 * Streams the service's `<type>.updated` webhooks (SSE at /events) into the store while mounted. The
 * invoice views follow the store, so an event updates them without a request; this panel says so.
 */
export function LiveStatus({ url }: { url: string }) {
  const client = useVStoreClient();
  const events = getClientEvents(client);
  const { store } = client;
  const [last, setLast] = useState<LastEvent>();
  useEffect(() => {
    let live = true;
    let disconnect: (() => void) | undefined;
    // One connection under StrictMode: the first mount's connect is cancelled before it starts.
    queueMicrotask(() => {
      if (live) disconnect = events.connect(url);
    });
    const subscription = store.accepted.subscribe((change) => {
      if (change.type !== 'invoice' || change.origin !== 'event') return;
      setLast((held) => ({ id: change.id, version: change.version, count: (held?.count ?? 0) + 1 }));
    });
    return () => {
      live = false;
      disconnect?.();
      subscription.unsubscribe();
    };
  }, [events, store, url]);
  const subscribeState = useCallback(
    (listener: () => void) => {
      const subscription = events.connectionState$.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [events],
  );
  const state = useSyncExternalStore(subscribeState, events.getConnectionState);
  return (
    <section className="panel live" data-testid="live-status" aria-labelledby="live-title">
      <h2 id="live-title">
        Live updates <span className={`dot ${state}`} aria-hidden="true" />
        <span data-testid="live-state" data-state={state}>
          {state}
        </span>
      </h2>
      <p role="status" data-testid="live-last">
        {last
          ? `${last.id} is now version ${last.version ?? '?'}, from an event (${last.count} applied so far).`
          : 'No invoice event yet: edit an invoice here or through the API to see one arrive.'}
      </p>
      <p className="small muted">
        Events pass the same version check as responses: an older version never replaces a newer one.
      </p>
    </section>
  );
}
