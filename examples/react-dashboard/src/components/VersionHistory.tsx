import { formatMoney, formatTime } from '@vstore/dashboard-kit';
import { useSpendControlHistory } from '@vstore/react';
import { useState } from 'react';
import { ErrorPanel } from './ErrorPanel';
import { VersionDiff } from './VersionDiff';

/**
 * Every version of one control (GET /history, refetched when a newer version reaches the store),
 * and a diff of any two of them.
 */
export function VersionHistory({ id }: { id: string }) {
  const { data, status, error, isFetching } = useSpendControlHistory(id);
  const [picked, setPicked] = useState<{ left?: number; right?: number }>({});
  if (status === 'error' && !data)
    return <ErrorPanel error={error} context={`Loading the history of ${id}`} />;
  if (!data) return <p className="muted">Loading history…</p>;
  const versions = data.map((v) => v.version).sort((x, y) => x - y);
  const newest = versions.at(-1) ?? 1;
  // Until someone picks, compare the two newest versions.
  const left = picked.left ?? Math.max(1, newest - 1);
  const right = picked.right ?? newest;
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
      {status === 'error' && <ErrorPanel error={error} context="Updating the history" />}
      <table className="versions">
        <thead>
          <tr>
            <th>Version</th>
            <th>Time</th>
            <th>Name</th>
            <th>Limit</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {[...data].reverse().map((v) => (
            <tr key={v.version} data-testid={`history-row-${v.version}`}>
              <td>
                <span className="version-badge small">v{v.version}</span>
              </td>
              <td>{formatTime(v.version_time)}</td>
              <td>{v.name}</td>
              <td>{formatMoney(v.limit)}</td>
              <td>{v.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
        <select value={right} onChange={choose('right')} data-testid="diff-right" aria-label="Right version">
          {versions.map((v) => (
            <option key={v} value={v}>
              v{v}
            </option>
          ))}
        </select>
      </div>
      <VersionDiff id={id} left={left} right={right} />
    </section>
  );
}
