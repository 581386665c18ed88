import { formatTime, historyPage, historyRows } from '@vstore/dashboard-kit';
import { useSpendControlHistory } from '@vstore/react';
import { useState } from 'react';
import { useRefetchOnReconnect } from '../offline';
import { ErrorPanel } from './ErrorPanel';
import { VersionDiff } from './VersionDiff';

/**
 * Every version of one control (GET /history, refetched when a newer version reaches the store),
 * and a diff of any two of them.
 */
export function VersionHistory({ id }: { id: string }) {
  const { data, status, error, isFetching, refetch } = useSpendControlHistory(id);
  useRefetchOnReconnect(refetch);
  const [picked, setPicked] = useState<{ left?: number; right?: number }>({});
  const [pageIndex, setPageIndex] = useState(0);
  if (status === 'error' && !data)
    return (
      <ErrorPanel
        error={error}
        context={`Loading the history of ${id}`}
        onRetry={() => void refetch()}
        testId="history-error"
      />
    );
  if (!data) return <p className="muted">Loading history…</p>;
  const versions = data.map((v) => v.version).sort((x, y) => x - y);
  const newest = versions.at(-1) ?? 1;
  // Until someone picks, compare the two newest versions.
  const left = picked.left ?? Math.max(1, newest - 1);
  const right = picked.right ?? newest;
  const page = historyPage(historyRows(data), pageIndex);
  const choose = (side: 'left' | 'right') => (e: { target: { value: string } }) =>
    setPicked((p) => ({ left, right, ...p, [side]: Number(e.target.value) }));

  return (
    <section className="history" data-testid="version-history">
      <h3>
        Version history{' '}
        {isFetching && (
          <span className="muted small" data-testid="history-fetching">
            updating…
          </span>
        )}
      </h3>
      {status === 'error' && (
        <ErrorPanel
          error={error}
          context="Updating the history"
          onRetry={() => void refetch()}
          testId="history-error"
        />
      )}
      <table className="versions">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Time</th>
            <th scope="col">Changed</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <tr key={row.version} data-testid={`history-row-${row.version}`}>
              <td>
                <span className="version-badge small">v{row.version}</span>
              </td>
              <td>{formatTime(row.versionTime)}</td>
              <td>
                <ul className="changes">
                  {row.changes.map(([label, before, after]) => (
                    <li key={label} data-testid="history-change">
                      {label}: {before === undefined ? after : `${before} → ${after}`}
                    </li>
                  ))}
                  {row.changes.length === 0 && <li className="muted">no visible field</li>}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.pages > 1 && (
        <nav className="pager" aria-label="History pages">
          <button
            type="button"
            className="button small"
            disabled={page.page === 0}
            onClick={() => setPageIndex(page.page - 1)}
            data-testid="history-newer"
          >
            Newer versions
          </button>
          <span className="small" data-testid="history-page">
            Page {page.page + 1} of {page.pages}
          </span>
          <button
            type="button"
            className="button small"
            disabled={page.page === page.pages - 1}
            onClick={() => setPageIndex(page.page + 1)}
            data-testid="history-older"
          >
            Older versions
          </button>
        </nav>
      )}
      {versions.length < 2 ? (
        // A diff needs two versions; "Compare v1 with v1" would only repeat the one there is.
        <p className="muted small" data-testid="diff-single">
          Only version {newest} exists so far: a comparison needs two versions.
        </p>
      ) : (
        <>
          <div className="diff-pickers">
            Compare
            <select value={left} onChange={choose('left')} data-testid="diff-left" aria-label="Left version">
              {versions.map((v) => (
                <option key={v} value={v}>
                  v{v}
                </option>
              ))}
            </select>
            with
            <select
              value={right}
              onChange={choose('right')}
              data-testid="diff-right"
              aria-label="Right version"
            >
              {versions.map((v) => (
                <option key={v} value={v}>
                  v{v}
                </option>
              ))}
            </select>
          </div>
          <VersionDiff id={id} left={left} right={right} />
        </>
      )}
    </section>
  );
}
