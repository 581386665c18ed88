import { useResourceHistory } from '@vstore/react';
import { invoiceApi } from '../config';
import { formatTime, formatTotal } from '../format';
import { ErrorNotice } from './ErrorNotice';

/** Every version of one invoice (GET /invoices/{id}/history), newest first. */
export function InvoiceHistory({ id }: { id: string }) {
  const { data, status, error } = useResourceHistory(invoiceApi, id);
  if (status === 'error' && !data)
    return <ErrorNotice error={error} context={`Loading the history of ${id}`} />;
  if (!data) return <p className="muted">Loading history…</p>;
  return (
    <section className="history" data-testid="invoice-history" aria-labelledby="history-title">
      <h3 id="history-title">Version history</h3>
      {status === 'error' && <ErrorNotice error={error} context="Updating the history" />}
      <table className="versions">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Time</th>
            <th scope="col">Customer</th>
            <th scope="col">Total</th>
            <th scope="col">Status</th>
            <th scope="col">Due</th>
          </tr>
        </thead>
        <tbody>
          {[...data].reverse().map((v) => (
            <tr key={v.version} data-testid={`invoice-history-row-${v.version}`}>
              <td>
                <span className="version-badge small">v{v.version}</span>
              </td>
              <td>{formatTime(v.version_time)}</td>
              <td>{v.customer}</td>
              <td>{formatTotal(v.total, v.currency)}</td>
              <td>{v.status}</td>
              <td>{v.due_date}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
