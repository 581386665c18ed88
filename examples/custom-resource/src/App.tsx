import { useState } from 'react';
import { InvoiceDetail } from './components/InvoiceDetail';
import { InvoiceList } from './components/InvoiceList';
import { LiveStatus } from './components/LiveStatus';
import { serviceUrl } from './config';

export function App() {
  const [selected, setSelected] = useState<string>();
  return (
    <div className="app">
      <header className="topbar">
        <h1>Invoices</h1>
        <p className="muted small">
          A resource of this app's own, declared to the service in <code>resources.json</code> and to the
          client with <code>defineResource</code>, served by <code>{serviceUrl}</code>.
        </p>
      </header>
      <main className="layout">
        <div className="column narrow">
          <InvoiceList selectedId={selected} onSelect={setSelected} />
        </div>
        <div className="column wide">{selected && <InvoiceDetail key={selected} id={selected} />}</div>
        <div className="column narrow">
          <LiveStatus url={`${serviceUrl}/events`} />
        </div>
      </main>
    </div>
  );
}
