import { ApiError, type Task, useResource, useTask, useVStoreClient } from '@vstore/react';
import { useEffect, useState } from 'react';
import { ErrorPanel } from './ErrorPanel';

// The task carries a status, not a percentage: the bar shows how far along its lifecycle it is.
const PROGRESS: Record<string, number> = {
  pending: 15,
  running: 60,
  completed: 100,
  failed: 100,
  cancelled: 100,
};
const STEPS = ['pending', 'running', 'completed'] as const;

function TaskProgress({ task, error }: { task: Task | undefined; error: unknown }) {
  const status = task?.status ?? 'pending';
  const failed = status === 'failed' || status === 'cancelled';
  return (
    <div className="task" data-testid="task-progress" data-status={status}>
      <div
        className="progress"
        role="progressbar"
        aria-valuenow={PROGRESS[status] ?? 0}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={`progress-fill ${failed ? 'failed' : status}`}
          style={{ width: `${PROGRESS[status] ?? 0}%` }}
        />
      </div>
      <ol className="steps">
        {STEPS.map((step) => (
          <li
            key={step}
            className={STEPS.indexOf(step) <= STEPS.indexOf(status as never) ? 'done' : undefined}
          >
            {step}
          </li>
        ))}
      </ol>
      <p className="small">
        Task <code>{task?.task_id ?? '…'}</code>: <strong data-testid="task-status">{status}</strong>
      </p>
      {error !== undefined && <ErrorPanel error={error} context="Deleting the account" />}
    </div>
  );
}

function AccountRow({ id }: { id: string }) {
  const client = useVStoreClient();
  // The generic hook: accounts have no dedicated hook, any resource client plugs in the same way.
  const account = useResource(client.accounts, id);
  const [taskId, setTaskId] = useState<string>();
  const [requestError, setRequestError] = useState<unknown>();
  const { task, status, error } = useTask(taskId);
  const gone = account.error instanceof ApiError && account.error.status === 404;
  const { refetch } = account;

  // Once the deletion completes, read the account again: the service now answers 404.
  useEffect(() => {
    if (status === 'success') void refetch();
  }, [status, refetch]);

  const remove = () => {
    setRequestError(undefined);
    client.accounts.delete(id).then((t) => setTaskId(t.task_id), setRequestError);
  };

  return (
    <li className="account" data-testid={`account-${id}`}>
      <div className="account-head">
        <div>
          <strong>{account.data?.name ?? id}</strong>
          {account.data && (
            <>
              {' '}
              <span className="muted">{id}</span>
              <span className="version-badge small">v{account.data.version}</span>
            </>
          )}
        </div>
        {gone ? (
          <span className="pill deleted" data-testid="account-deleted">
            deleted
          </span>
        ) : (
          <button
            type="button"
            className="button danger"
            data-testid={`delete-${id}`}
            disabled={taskId !== undefined || !account.data}
            onClick={remove}
          >
            Delete account
          </button>
        )}
      </div>
      {account.data && <p className="small muted">Status: {account.data.status}</p>}
      {taskId && <TaskProgress task={task} error={error} />}
      {requestError !== undefined && <ErrorPanel error={requestError} context={`Deleting ${id}`} />}
      {account.status === 'error' && !gone && <ErrorPanel error={account.error} context={`Loading ${id}`} />}
    </li>
  );
}

export function AccountDeletion({ ids }: { ids: readonly string[] }) {
  return (
    <section className="panel" data-testid="accounts">
      <h2>Accounts</h2>
      <ul className="accounts">
        {ids.map((id) => (
          <AccountRow key={id} id={id} />
        ))}
      </ul>
    </section>
  );
}
