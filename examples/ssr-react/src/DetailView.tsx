import { ApiError, type SpendControl, useSpendControl, useSpendControlHistory } from '@vstore/react';
import { displayFields, formatTimestamp } from './format';

/** A failed read, said plainly, with the support data one would quote to the service's support. */
function ErrorPanel({ error, context }: { error: unknown; context: string }) {
  const status = error instanceof ApiError && error.status ? ` (HTTP ${error.status})` : '';
  const support =
    error instanceof ApiError
      ? { error: error.name, status: error.status, ...error.supportInfo() }
      : { error: error instanceof Error ? error.name : 'Error' };
  return (
    <div className="error-panel" role="alert" data-testid="error-panel">
      <div className="error-title">
        {context} failed{status}
      </div>
      <p className="error-message">{error instanceof Error ? error.message : String(error)}</p>
      <pre className="support-info">{JSON.stringify(support, null, 2)}</pre>
    </div>
  );
}

/** Two historical reads (`GET ?version=n`) side by side; rows that differ are marked. */
function VersionDiff({ id, left, right }: { id: string; left: number; right: number }) {
  const a = useSpendControl(id, { version: left });
  const b = useSpendControl(id, { version: right });
  if (!a.data || !b.data)
    return (
      <p className="muted">
        Loading versions {left} and {right}…
      </p>
    );
  const after = displayFields(b.data);
  return (
    <table className="diff" data-testid="version-diff">
      <caption className="small muted">
        Version {left} and version {right}
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Version {left}</th>
          <th scope="col">Version {right}</th>
        </tr>
      </thead>
      <tbody>
        {displayFields(a.data).map(([label, before], i) => {
          const now = after[i]?.[1] ?? '—';
          return (
            <tr key={label} className={before !== now ? 'changed' : undefined}>
              <th scope="row">{label}</th>
              <td>{before}</td>
              <td>{now}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Every version (GET /history), newest first, and a diff of the two newest. */
function History({ id }: { id: string }) {
  const { data, status, error } = useSpendControlHistory(id);
  if (status === 'error' && !data)
    return <ErrorPanel error={error} context={`Loading the history of ${id}`} />;
  if (!data) return <p className="muted">Loading history…</p>;
  const versions: SpendControl[] = [...data].reverse();
  const newest = versions[0]?.version ?? 1;
  return (
    <section className="history" aria-labelledby="history-title">
      <h3 id="history-title">Version history</h3>
      <table className="versions">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Time</th>
            <th scope="col">Name</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version} data-testid={`history-row-${v.version}`}>
              <td>v{v.version}</td>
              <td>{formatTimestamp(v.version_time)}</td>
              <td>{v.name ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {newest > 1 && <VersionDiff id={id} left={newest - 1} right={newest} />}
    </section>
  );
}

/**
 * One spend control: its latest state, a Refresh, its history and a diff of its two newest
 * versions. The server reads all of it before rendering (src/entryServer.tsx), and the browser
 * hydrates from that snapshot with the same markup, reading nothing again at mount.
 */
export function DetailView({ id }: { id: string }) {
  const { data, error, status, isFetching, refetch } = useSpendControl(id);
  return (
    <main className="panel detail" data-testid="sc-detail" data-id={id}>
      <div className="detail-head">
        <h1>
          {data?.name ?? id} <span className="muted">{id}</span>
        </h1>
        <span className="version-badge">v{data?.version ?? '…'}</span>
      </div>
      {status === 'error' && <ErrorPanel error={error} context={`Loading ${id}`} />}
      {data && (
        <>
          <dl className="fields">
            {displayFields(data).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
          <History id={id} />
        </>
      )}
    </main>
  );
}
