import { useSpendControl, useUpdateSpendControl } from '@vstore/react';

export function SpendControlCard({ id }: { id: string }) {
  // Reads the spend control from the service, then follows every newer version in the store.
  const { data, status, error, refetch } = useSpendControl(id);
  // edit() runs the recipe over the latest state and sends only the fields it changed.
  const { edit, status: saving } = useUpdateSpendControl();

  if (status === 'pending') return <p>Loading…</p>;
  if (!data) {
    return (
      <p role="alert">
        {error?.message}{' '}
        <button type="button" onClick={() => refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const toggle = () =>
    edit(id, (draft) => {
      draft.status = draft.status === 'active' ? 'paused' : 'active';
    });
  return (
    <article className="spend-control">
      <h3>{data.name}</h3>
      <p>
        version {data.version} · {data.status} ·{' '}
        {data.limit ? `${data.limit.amount} ${data.limit.currency} ${data.interval}` : 'no limit'}
      </p>
      <button type="button" disabled={saving === 'pending'} onClick={toggle}>
        {data.status === 'active' ? 'Pause' : 'Resume'}
      </button>
    </article>
  );
}
