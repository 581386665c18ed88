import { useResource } from '@vstore/react';
import { invoiceApi } from '../config';
import { displayInvoice } from '../format';
import { ErrorNotice } from './ErrorNotice';
import { InvoiceEditForm } from './InvoiceEditForm';
import { InvoiceHistory } from './InvoiceHistory';

/** One invoice: its latest state (following the store, so events update it), the edit form, its history. */
export function InvoiceDetail({ id }: { id: string }) {
  const { data, error, status, isFetching, refetch } = useResource(invoiceApi, id);
  return (
    <section
      className="panel detail"
      data-testid="invoice-detail"
      data-id={id}
      aria-labelledby="invoice-title"
    >
      <div className="detail-head">
        <h2 id="invoice-title">
          {data?.customer ?? id} <span className="muted">{id}</span>
        </h2>
        <span className="version-badge large" data-testid="invoice-version">
          v{data?.version ?? '…'}
        </span>
      </div>
      {status === 'error' && <ErrorNotice error={error} context={`Loading ${id}`} />}
      {data && (
        <>
          <dl className="fields">
            {displayInvoice(data).map(([label, value, key]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd data-testid={`invoice-field-${key}`}>{value}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="button small" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
          <div className="detail-columns">
            <InvoiceEditForm invoice={data} />
            <InvoiceHistory id={id} />
          </div>
        </>
      )}
    </section>
  );
}
