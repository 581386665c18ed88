import { useSpendControl, useUpdateSpendControl } from '@vstore/react';

export function SpendControlRow({ id }: { id: string }) {
  // Reads the spend control, then follows every newer version that reaches the store.
  const { data, status, error, refetch } = useSpendControl(id);
  // edit() runs the recipe over the latest state and sends only the fields it changed;
  // on a conflict it re-reads and runs the recipe again.
  const { edit, status: saving, error: saveError } = useUpdateSpendControl();

  if (status === 'pending') return <li>Loading {id}…</li>;
  if (!data)
    return (
      <li role="alert">
        {id}: {error?.message}{' '}
        <button type="button" onClick={() => refetch()}>
          Try again
        </button>
      </li>
    );

  const toggle = () =>
    edit(id, (draft) => {
      draft.status = draft.status === 'active' ? 'paused' : 'active';
    });
  return (
    <li data-id={id}>
      <strong>{data.name}</strong> · {data.status} ·{' '}
      {data.limit ? `${data.limit.amount} ${data.limit.currency} ${data.interval}` : 'no limit'} · version{' '}
      {data.version}{' '}
      <button type="button" disabled={saving === 'pending'} onClick={toggle}>
        {data.status === 'active' ? 'Pause' : 'Resume'}
      </button>
      {saveError && <span role="alert"> {saveError.message}</span>}
    </li>
  );
}
