import type { NetworkMonitor } from '@vstore/dashboard-kit';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ErrorPanel } from './ErrorPanel';

type Profile = 'none' | 'chaos';

/** The service's unauthenticated admin route (local only) that switches its fault profile. */
async function setProfile(serviceUrl: string, profile: Profile): Promise<void> {
  const response = await fetch(`${serviceUrl}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ profile }),
  });
  if (!response.ok)
    throw new Error(`The service refused the fault profile "${profile}" (HTTP ${response.status}).`);
}

/** Milliseconds left until `until`, re-rendering every 200 ms while some are left. */
function useCountdown(until: number | undefined): number {
  const [, tick] = useState(0);
  const left = until === undefined ? 0 : Math.max(0, until - Date.now());
  useEffect(() => {
    if (until === undefined || until <= Date.now()) return;
    const timer = setInterval(() => {
      tick((n) => n + 1);
      if (Date.now() >= until) clearInterval(timer);
    }, 200);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

/**
 * The chaos switch: turns on the service's `chaos` fault profile (429 bursts with Retry-After,
 * 5xx, latency, duplicated and reordered webhooks) and shows the client riding it out.
 */
export function ChaosPanel({ serviceUrl, network }: { serviceUrl: string; network: NetworkMonitor }) {
  const [profile, setLocalProfile] = useState<Profile>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const stats = useSyncExternalStore(network.subscribe, network.getStats);
  const remainingMs = useCountdown(stats.retryUntil);
  const on = profile === 'chaos';

  // Show the service's current profile: it may have been started with --faults chaos. Sent a
  // microtask later and aborted on cleanup, so StrictMode's mount, unmount, mount asks once, and a
  // reply after unmount (or a changed URL) sets nothing.
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    queueMicrotask(() => {
      if (signal.aborted) return;
      fetch(`${serviceUrl}/__admin/faults`, { signal })
        .then((response) => response.json() as Promise<{ profile?: unknown }>)
        .then(
          (body) => setLocalProfile(body.profile === 'chaos' ? 'chaos' : 'none'),
          (e: unknown) => signal.aborted || setError(e),
        );
    });
    return () => controller.abort();
  }, [serviceUrl]);

  const toggle = () => {
    const next: Profile = on ? 'none' : 'chaos';
    setBusy(true);
    setError(undefined);
    setProfile(serviceUrl, next)
      .then(() => setLocalProfile(next), setError)
      .finally(() => setBusy(false));
  };

  return (
    <section className={`panel chaos${on ? ' on' : ''}`} data-testid="chaos-panel">
      <h2>Chaos</h2>
      <label className="switch">
        <input type="checkbox" checked={on} disabled={busy} onChange={toggle} data-testid="chaos-toggle" />
        <span>{on ? 'Fault profile "chaos" is on' : 'Faults off'}</span>
      </label>
      <div className="countdown" data-testid="retry-countdown" data-active={remainingMs > 0}>
        {remainingMs > 0 ? (
          <>
            Rate limited: the service asked for <strong>Retry-After: {stats.lastRetryAfterSeconds} s</strong>.
            Retrying in <strong>{(remainingMs / 1000).toFixed(1)} s</strong> at the earliest, plus backoff.
          </>
        ) : stats.rateLimited > 0 ? (
          <>Last Retry-After: {stats.lastRetryAfterSeconds} s, waited out.</>
        ) : (
          <>No rate limiting so far.</>
        )}
      </div>
      <dl className="stats">
        <div>
          <dt>Requests</dt>
          <dd data-testid="net-requests">{stats.requests}</dd>
        </div>
        <div>
          <dt>Retries</dt>
          <dd data-testid="net-retries">{stats.retries}</dd>
        </div>
        <div>
          <dt>429s</dt>
          <dd data-testid="net-429">{stats.rateLimited}</dd>
        </div>
        <div>
          <dt>5xx</dt>
          <dd data-testid="net-5xx">{stats.serverErrors}</dd>
        </div>
      </dl>
      {error !== undefined && <ErrorPanel error={error} context="Switching the fault profile" />}
    </section>
  );
}
