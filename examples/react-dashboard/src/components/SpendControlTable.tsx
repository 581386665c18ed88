import { formatMoney, PAGE_SIZE } from '@vstore/dashboard-kit';
import { type SpendControl, useSpendControls } from '@vstore/react';
import { memo, useEffect, useState } from 'react';
import { useRefetchOnReconnect } from '../offline';
import { ErrorPanel } from './ErrorPanel';

export type StatusFilter = 'all' | 'active' | 'paused';

interface RowProps {
  row: SpendControl;
  selected: boolean;
  onSelect: (id: string) => void;
}

/** Memoized on its item: a row renders again only when its control gets a newer version. */
const SpendControlRow = memo(function SpendControlRow({ row, selected, onSelect }: RowProps) {
  const id = row.spend_control_id;
  return (
    <tr className={selected ? 'selected' : undefined} data-testid={`sc-card-${id}`}>
      <th scope="row">
        <button type="button" className="row-select" aria-pressed={selected} onClick={() => onSelect(id)}>
          {row.name ?? id}
        </button>
        <span className="muted small"> {id}</span>
      </th>
      <td className="amount">
        {formatMoney(row.limit)} <span className="muted">/ {row.interval}</span>
      </td>
      <td>
        <span className={`pill ${row.status ?? ''}`} data-testid="sc-card-status">
          {row.status ?? '—'}
        </span>
      </td>
      <td>
        <span className="version-badge" data-testid="sc-card-version">
          v{row.version}
        </span>
      </td>
    </tr>
  );
});

interface TableProps {
  accountId: string;
  accountName: string;
  /** Why the account's controls cannot change (it is deleted or being deleted), if so. */
  readOnlyReason: string | undefined;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/**
 * The account's spend controls, page by page, from one list read: rows follow events and edits, a
 * control created by anyone joins at the end, and one whose status stops matching the filter leaves.
 */
export function SpendControlTable({
  accountId,
  accountName,
  readOnlyReason,
  selectedId,
  onSelect,
}: TableProps) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const params = status === 'all' ? { account_id: accountId } : { account_id: accountId, status };
  const list = useSpendControls(params, { pageSize: PAGE_SIZE });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useRefetchOnReconnect(list.refetch);
  const first = data[0]?.spend_control_id;
  // Nothing chosen yet (a first load, another account): show the first control's details.
  useEffect(() => {
    if (selectedId === undefined && first !== undefined) onSelect(first);
  }, [selectedId, first, onSelect]);

  return (
    <section className="panel" data-testid="sc-list" aria-labelledby="sc-list-title">
      <div className="list-head">
        <h2 id="sc-list-title">
          Spend controls <span className="muted">of {accountName}</span>
        </h2>
        <label className="inline">
          Status
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            data-testid="sc-status-filter"
          >
            <option value="all">all</option>
            <option value="active">active</option>
            <option value="paused">paused</option>
          </select>
        </label>
      </div>
      {readOnlyReason && (
        <p className="notice warn" role="status" data-testid="sc-list-readonly">
          {readOnlyReason}
        </p>
      )}
      {list.status === 'error' && (
        <ErrorPanel
          error={list.error}
          context={`Listing the spend controls of ${accountId}`}
          onRetry={() => void list.refetch()}
          testId="sc-list-error"
        />
      )}
      {list.status === 'pending' ? (
        <p className="muted" data-testid="sc-list-state">
          Loading…
        </p>
      ) : data.length === 0 ? (
        list.status === 'error' ? null : (
          <p className="muted" data-testid="sc-list-state">
            {status === 'all' ? 'This account has no spend controls.' : `No ${status} spend controls.`}
          </p>
        )
      ) : (
        <table className="controls">
          <caption className="visually-hidden">
            Spend controls of {accountName}
            {status === 'all' ? '' : `, ${status} only`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Limit</th>
              <th scope="col">Status</th>
              <th scope="col">Version</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <SpendControlRow
                key={row.spend_control_id}
                row={row}
                selected={row.spend_control_id === selectedId}
                onSelect={onSelect}
              />
            ))}
          </tbody>
        </table>
      )}
      <div className="list-foot">
        <span className="muted small" data-testid="sc-list-count" aria-live="polite">
          {list.status === 'pending' || (list.status === 'error' && data.length === 0)
            ? ''
            : `${data.length} shown${hasNextPage ? ', more to load' : ''}`}
        </span>
        {hasNextPage && (
          <button
            type="button"
            className="button small"
            disabled={isFetchingNextPage}
            onClick={(event) => {
              const section = event.currentTarget.closest('section');
              const shown = data.length;
              // The button leaves with the last page: focus moves to the first row it brought,
              // unless the user has moved it elsewhere meanwhile.
              void fetchNextPage().then(() => {
                if (document.activeElement !== document.body) return;
                section?.querySelectorAll<HTMLButtonElement>('tbody .row-select')[shown]?.focus();
              });
            }}
            data-testid="sc-load-more"
          >
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
      </div>
    </section>
  );
}
