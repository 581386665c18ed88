import { type TabRole, tabs } from '@vstore/dashboard-kit';
import { type ClientEvents, getClientEvents, useVStoreClient } from '@vstore/react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

function Stat({
  label,
  value,
  id,
  className,
}: {
  label: string;
  value: number;
  id: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd data-testid={id}>{value}</dd>
    </div>
  );
}

function Connected({ events, url }: { events: ClientEvents; url: string }) {
  const [role, setRole] = useState<TabRole>('follower');
  useEffect(() => {
    let live = true;
    let disconnect: (() => void) | undefined;
    // One connection under StrictMode: the first mount's connect is cancelled before it starts.
    // Only one tab of the dashboard holds the stream; the others follow it over BroadcastChannel.
    queueMicrotask(() => {
      if (live) disconnect = tabs.connectEvents(url, setRole);
    });
    return () => {
      live = false;
      disconnect?.();
    };
  }, [url]);
  const subscribeState = useCallback(
    (listener: () => void) => {
      const subscription = events.connectionState$.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [events],
  );
  const stats = useSyncExternalStore(events.subscribeStats, events.getStats);
  const state = useSyncExternalStore(subscribeState, events.getConnectionState);
  return (
    <>
      <h2>
        Live updates <span className={`dot ${state}`} data-testid="sse-state" data-state={state} /> {state}{' '}
        <span className="tab-role muted" data-testid="tab-role" data-role={role}>
          {role === 'leader' ? '(this tab holds the stream)' : '(following another tab)'}
        </span>
      </h2>
      <dl className="stats">
        <Stat label="Received" value={stats.received} id="events-received" />
        <Stat label="Applied" value={stats.applied} id="events-applied" />
        <Stat label="Refused as stale" value={stats.stale} id="events-stale" className="refused" />
        <Stat label="Duplicates" value={stats.duplicate} id="events-duplicate" />
      </dl>
    </>
  );
}

/**
 * Streams the service's webhooks (SSE) into the store while mounted, and shows what the version
 * gate did with them: duplicated and reordered deliveries are refused, never applied over newer data.
 */
export function LiveEvents({ url }: { url: string }) {
  const events = getClientEvents(useVStoreClient());
  return (
    <section className="panel live" data-testid="live-events">
      <Connected events={events} url={url} />
      <p className="small muted">
        Every event passes the same version check as responses: an older version never replaces a newer one.
      </p>
    </section>
  );
}
