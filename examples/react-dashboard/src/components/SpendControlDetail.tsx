import { displayFields } from '@vstore/dashboard-kit';
import { useSpendControl } from '@vstore/react';
import { useRefetchOnReconnect } from '../offline';
import { useAccount } from '../useAccount';
import { EditForm } from './EditForm';
import { ErrorPanel } from './ErrorPanel';
import { VersionHistory } from './VersionHistory';

/** One control: its current state, the edit form and its version history. */
export function SpendControlDetail({ id }: { id: string }) {
  const { data, error, status, isFetching, refetch } = useSpendControl(id);
  useRefetchOnReconnect(refetch);
  // The service refuses writes to a closing or closed account's controls: say so instead of a form.
  const { standing } = useAccount(data?.account_id ?? undefined);
  return (
    <section className="panel detail" data-testid="sc-detail" data-id={id}>
      <div className="detail-head">
        <h2>
          {data?.name ?? id} <span className="muted">{id}</span>
        </h2>
        <span className="version-badge large" data-testid="sc-detail-version">
          v{data?.version ?? '…'}
        </span>
      </div>
      {status === 'error' && (
        <ErrorPanel error={error} context={`Loading ${id}`} onRetry={() => void refetch()} />
      )}
      {data && (
        <>
          <dl className="fields">
            {displayFields(data).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd data-testid={`sc-field-${label.toLowerCase().replace(' ', '-')}`}>{value}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="button small" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
          <div className="detail-columns">
            {standing.readOnlyReason ? (
              <p className="notice warn" role="status" data-testid="sc-readonly">
                {standing.readOnlyReason}
              </p>
            ) : (
              <EditForm key={`edit-${id}`} control={data} />
            )}
            <VersionHistory key={`history-${id}`} id={id} />
          </div>
        </>
      )}
    </section>
  );
}
