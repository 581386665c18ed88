import type { FaultState, NetworkMonitor, ServiceAdmin } from '@vstore/dashboard-kit';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ErrorPanel } from './ErrorPanel';

/** How often the switch re-reads the service's profile, so a change made elsewhere shows. */
const FOLLOW_MS = 2000;

const PROFILE_TEXT: Record<FaultState, string> = {
  none: 'Faults off',
  chaos: 'Fault profile "chaos" is on',
  flaky: 'Fault profile "flaky" is on',
  custom: 'Custom fault settings are on',
};

/**
 * What a named profile does, said when it is switched on: nothing shows until the app sends requests
 * and the service writes, so the panel tells a person what to expect and how to see it.
 * (The service's FAULT_PROFILES hold the numbers.)
 */
const PROFILE_EFFECTS: Partial<Record<FaultState, string>> = {
  chaos:
    'From now on about 8 in 100 requests start a burst of three 429s (Retry-After 1 to 5 s), 15 in 100 fail with a 5xx, half are slowed by up to 0.4 s, and a quarter of the webhooks come twice or late. Refresh, edit or delete to watch the client retry and the counters below move.',
  flaky:
    'From now on about 3 in 100 requests start a burst of two 429s, 5 in 100 fail with a 5xx, a fifth are slowed by up to 0.15 s, and one webhook in ten comes twice or late. Refresh, edit or delete to watch the client retry and the counters below move.',
};

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
 * 5xx, latency, duplicated and reordered webhooks) and shows the client riding it out. It follows
 * the service's real profile (read every 2 s), so a reset from outside or custom settings show as such.
 */
export function ChaosPanel({ admin, network }: { admin: ServiceAdmin; network: NetworkMonitor }) {
  const [profile, setLocalProfile] = useState<FaultState | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const stats = useSyncExternalStore(network.subscribe, network.getStats);
  const remainingMs = useCountdown(stats.retryUntil);
  const on = profile !== undefined && profile !== 'none';

  // Reads the service's profile now and every FOLLOW_MS. Started a microtask later and aborted on
  // cleanup, so StrictMode's mount, unmount, mount asks once, and a late reply sets nothing.
  useEffect(() => {
    if (busy) return;
    const controller = new AbortController();
    const { signal } = controller;
    const read = () =>
      admin.faults(signal).then(
        (next) => {
          setLocalProfile(next);
          setError(undefined);
        },
        (e: unknown) => signal.aborted || setError(e),
      );
    queueMicrotask(() => {
      if (!signal.aborted) void read();
    });
    const timer = setInterval(() => void read(), FOLLOW_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [admin, busy]);

  // The box flips at once; the service's answer then confirms it, or the box flips back with the error.
  const toggle = () => {
    const before = profile;
    const next = on ? 'none' : 'chaos';
    setLocalProfile(next);
    setBusy(true);
    setError(undefined);
    admin
      .setProfile(next)
      .then(setLocalProfile, (e: unknown) => {
        setLocalProfile(before);
        setError(e);
      })
      .finally(() => setBusy(false));
  };

  return (
    <section className={`panel chaos${on ? ' on' : ''}`} data-testid="chaos-panel">
      <h2>Chaos</h2>
      <label className="switch">
        <input
          type="checkbox"
          checked={on}
          disabled={busy || profile === undefined}
          onChange={toggle}
          data-testid="chaos-toggle"
        />
        <span>Inject faults (chaos profile)</span>
      </label>
      {/* One live region: switching says what is now on and what it will do. */}
      <div role="status">
        <p className="small" data-testid="chaos-state" data-profile={profile ?? ''}>
          {profile === undefined ? 'Reading the fault profile…' : PROFILE_TEXT[profile]}
        </p>
        {profile !== undefined && PROFILE_EFFECTS[profile] && (
          <p className="small chaos-effects" data-testid="chaos-effects">
            {PROFILE_EFFECTS[profile]}
          </p>
        )}
      </div>
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
      {error !== undefined && <ErrorPanel error={error} context="Reading or switching the fault profile" />}
    </section>
  );
}
