import { useResource } from '@vstore/react';
import { invoiceApi } from '../config';
import { formatTotal } from '../format';

function InvoiceCard({ id, selected, onSelect }: { id: string; selected: boolean; onSelect(): void }) {
  const { data, status } = useResource(invoiceApi, id);
  return (
    <li className={`card${selected ? ' selected' : ''}`} data-testid={`invoice-card-${id}`}>
      <button type="button" className="card-select" aria-pressed={selected} onClick={onSelect}>
        <span className="card-head">
          <span className="card-name">{data?.customer ?? id}</span>
          <span className="version-badge small" data-testid="invoice-card-version">
            v{data?.version ?? '…'}
          </span>
        </span>
        <span className="card-body">
          {data ? (
            <>
              <span className="amount">{formatTotal(data.total, data.currency)}</span>
              <span className="muted small">{data.status}</span>
            </>
          ) : (
            <span className="muted small">{status === 'error' ? 'could not load' : 'loading…'}</span>
          )}
        </span>
      </button>
    </li>
  );
}

export function InvoiceList({
  ids,
  selectedId,
  onSelect,
}: {
  ids: readonly string[];
  selectedId: string | undefined;
  onSelect(id: string): void;
}) {
  return (
    <section className="panel" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Invoices</h2>
      <ul className="cards">
        {ids.map((id) => (
          <InvoiceCard key={id} id={id} selected={id === selectedId} onSelect={() => onSelect(id)} />
        ))}
      </ul>
    </section>
  );
}
