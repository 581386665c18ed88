import { displayFields } from '@vstore/dashboard-kit';
import { useSpendControl } from '@vstore/react';
import { ErrorPanel } from './ErrorPanel';

interface Props {
  id: string;
  left: number;
  right: number;
}

/** Two historical reads (`GET ?version=n`) side by side; rows that differ are marked. */
export function VersionDiff({ id, left, right }: Props) {
  const a = useSpendControl(id, { version: left });
  const b = useSpendControl(id, { version: right });
  if (a.status === 'error' || b.status === 'error') {
    return <ErrorPanel error={a.error ?? b.error} context={`Reading versions ${left} and ${right}`} />;
  }
  if (!a.data || !b.data)
    return (
      <p className="muted">
        Loading versions {left} and {right}…
      </p>
    );
  const rows = displayFields(a.data).map(([label, before], i) => {
    const after = displayFields(b.data!)[i]?.[1] ?? '—';
    return { label, before, after, changed: before !== after };
  });
  return (
    <table className="diff" data-testid="version-diff">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Version {left}</th>
          <th scope="col">Version {right}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={row.changed ? 'changed' : undefined} data-changed={row.changed}>
            <th scope="row">{row.label}</th>
            <td>{row.before}</td>
            <td>{row.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
