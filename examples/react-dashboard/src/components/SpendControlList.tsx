import { formatMoney } from '@vstore/dashboard-kit';
import { useSpendControl } from '@vstore/react';

interface CardProps {
  id: string;
  selected: boolean;
  onSelect: (id: string) => void;
}

function SpendControlCard({ id, selected, onSelect }: CardProps) {
  const { data, status } = useSpendControl(id);
  return (
    <li className={`card${selected ? ' selected' : ''}`} data-testid={`sc-card-${id}`}>
      <button type="button" className="card-select" aria-pressed={selected} onClick={() => onSelect(id)}>
        <div className="card-head">
          <span className="card-name">{data?.name ?? id}</span>
          <span className="version-badge" data-testid="sc-card-version">
            v{data?.version ?? '…'}
          </span>
        </div>
        {data ? (
          <div className="card-body">
            <span className="amount">{formatMoney(data.limit)}</span>
            <span className="muted">/ {data.interval}</span>
            <span className={`pill ${data.status}`}>{data.status}</span>
          </div>
        ) : (
          <div className="card-body muted" data-testid="sc-card-state">
            {status === 'error' ? 'Could not load: select for details' : 'Loading…'}
          </div>
        )}
      </button>
    </li>
  );
}

interface ListProps {
  ids: readonly string[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** One card per spend control; each card re-renders only when its own control gets a newer version. */
export function SpendControlList({ ids, selectedId, onSelect }: ListProps) {
  return (
    <section className="panel" data-testid="sc-list">
      <h2>Spend controls</h2>
      <ul className="cards">
        {ids.map((id) => (
          <SpendControlCard key={id} id={id} selected={id === selectedId} onSelect={onSelect} />
        ))}
      </ul>
    </section>
  );
}
