import { useList } from '@vstore/react';
import { memo, useEffect, useState } from 'react';
import { invoiceApi } from '../config';
import { formatTotal } from '../format';
import { INVOICE_STATUSES, type Invoice } from '../invoices';
import { ErrorNotice } from './ErrorNotice';

interface CardProps {
  invoice: Invoice;
  selected: boolean;
  onSelect(id: string): void;
}

/** Memoized on its item: a card renders again only when its invoice gets a newer version. */
const InvoiceCard = memo(function InvoiceCard({ invoice, selected, onSelect }: CardProps) {
  const id = invoice.invoice_id;
  return (
    <li className={`card${selected ? ' selected' : ''}`} data-testid={`invoice-card-${id}`}>
      <button type="button" className="card-select" aria-pressed={selected} onClick={() => onSelect(id)}>
        <span className="card-head">
          <span className="card-name">{invoice.customer}</span>
          <span className="version-badge small" data-testid="invoice-card-version">
            v{invoice.version}
          </span>
        </span>
        <span className="card-body">
          <span className="amount">{formatTotal(invoice.total, invoice.currency)}</span>
          <span className="muted small" data-testid="invoice-card-status">
            {invoice.status}
          </span>
        </span>
      </button>
    </li>
  );
});

type StatusFilter = 'all' | Invoice['status'];

/**
 * The invoices, read as a list of the app's own resource (`useList` over `client.resource(invoices)`),
 * filtered by status: cards follow events and edits, and one whose status stops matching leaves.
 */
export function InvoiceList({
  selectedId,
  onSelect,
}: {
  selectedId: string | undefined;
  onSelect(id: string): void;
}) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const list = useList(invoiceApi, status === 'all' ? undefined : { status });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const first = data[0]?.invoice_id;
  // Nothing chosen yet: show the first invoice.
  useEffect(() => {
    if (selectedId === undefined && first !== undefined) onSelect(first);
  }, [selectedId, first, onSelect]);
  return (
    <section className="panel" aria-labelledby="invoices-title">
      <h2 id="invoices-title" tabIndex={-1}>
        Invoices
      </h2>
      <label className="inline">
        Status
        <select
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
          data-testid="invoice-status-filter"
        >
          <option value="all">all</option>
          {INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      {list.status === 'error' && (
        <ErrorNotice
          error={list.error}
          context="Listing the invoices"
          onRetry={() =>
            // The Retry button leaves with the error: focus goes to the list's heading, unless the
            // user has moved it elsewhere meanwhile.
            void list.refetch().then(() => {
              if (document.activeElement === document.body)
                document.getElementById('invoices-title')?.focus();
            })
          }
        />
      )}
      {list.status === 'pending' && <p className="muted">Loading…</p>}
      {list.status === 'success' && data.length === 0 && (
        <p className="muted" data-testid="invoice-list-empty">
          No {status === 'all' ? '' : `${status} `}invoices.
        </p>
      )}
      <ul className="cards">
        {data.map((invoice) => (
          <InvoiceCard
            key={invoice.invoice_id}
            invoice={invoice}
            selected={invoice.invoice_id === selectedId}
            onSelect={onSelect}
          />
        ))}
      </ul>
      {hasNextPage && (
        <button
          type="button"
          className="button small"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
