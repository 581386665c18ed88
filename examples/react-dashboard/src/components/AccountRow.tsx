import { type Task, useOutbox, useTask, useVStoreClient } from '@vstore/react';
import { useEffect, useRef, useState } from 'react';
import { useAppOutbox } from '../offline';
import { useAccount } from '../useAccount';
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
        aria-label={`Deletion of the account: ${status}`}
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

interface RowProps {
  id: string;
  selected: boolean;
  onSelect: (id: string) => void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One account: select it to list its spend controls, delete it through its task. The deletion goes
 * through the outbox: stored first, sent when online, its task followed to the end by the tab that
 * sends, across reloads; every tab shows its progress from the outbox's entry. A deletion seen here
 * by any way (this tab's task, an event, another tab, a 404 read) shows the same "deleted" state,
 * with the name the account had.
 */
export function AccountRow({ id, selected, onSelect }: RowProps) {
  const client = useVStoreClient();
  const outbox = useAppOutbox();
  const { entries } = useOutbox(outbox);
  const deletion = entries.find((entry) => entry.kind === 'delete' && entry.entityId === id);
  const { account, name, standing } = useAccount(id);
  // The deletion's task, kept once seen: the entry leaves the outbox when the task completes.
  const [taskId, setTaskId] = useState<string>();
  if (deletion?.taskId !== undefined && deletion.taskId !== taskId) setTaskId(deletion.taskId);
  const [confirming, setConfirming] = useState(false);
  // Keyboard focus follows the confirmation: onto it when it opens, back to Delete when it is kept
  // (the button that had it leaves the page). Set by the click, taken by the button that mounts.
  const focusNext = useRef<'confirm' | 'delete' | undefined>(undefined);
  const takeFocus = (which: 'confirm' | 'delete') => (el: HTMLButtonElement | null) => {
    if (el && focusNext.current === which) {
      focusNext.current = undefined;
      el.focus();
    }
  };
  const [requestError, setRequestError] = useState<unknown>();
  const { task, status, error } = useTask(taskId);
  const gone = standing.state === 'deleted';
  const { refetch } = account;

  // Once the deletion completes, read the account again: the service now answers 404.
  useEffect(() => {
    if (status === 'success') void refetch();
  }, [status, refetch]);

  const remove = () => {
    setConfirming(false);
    setRequestError(undefined);
    if (!outbox) return void client.accounts.delete(id).then((t) => setTaskId(t.task_id), setRequestError);
    // Discarded, or the page closed: nothing to report (a closed page's next one carries it on).
    outbox.delete(client.accounts, id).catch((e: unknown) => {
      if (!isAbort(e)) setRequestError(e);
    });
  };

  return (
    <li
      className={`account${selected ? ' selected' : ''}`}
      data-testid={`account-${id}`}
      data-state={standing.state}
    >
      <div className="account-head">
        <div>
          <button
            type="button"
            className="account-select"
            aria-pressed={selected}
            onClick={() => onSelect(id)}
          >
            <strong>{name ?? id}</strong>
            {name !== undefined && (
              <>
                {' '}
                <span className="muted">{id}</span>
              </>
            )}
          </button>
          {account.data && !gone && <span className="version-badge small">v{account.data.version}</span>}
        </div>
        {gone ? (
          <span className="pill deleted" data-testid="account-deleted">
            deleted
          </span>
        ) : standing.state === 'deleting' && taskId === undefined && !deletion ? (
          <span className="pill deleting" data-testid="account-deleting">
            deleting
          </span>
        ) : (
          !confirming && (
            <button
              type="button"
              className="button danger"
              data-testid={`delete-${id}`}
              ref={takeFocus('delete')}
              disabled={taskId !== undefined || deletion !== undefined || !account.data}
              onClick={() => {
                focusNext.current = 'confirm';
                setConfirming(true);
              }}
            >
              Delete account
            </button>
          )
        )}
      </div>
      {confirming && (
        <fieldset className="confirm">
          <legend className="small">
            Delete <strong>{name ?? id}</strong>? Its spend controls stop working; this cannot be undone.
          </legend>
          <button
            type="button"
            className="button danger"
            data-testid={`confirm-delete-${id}`}
            ref={takeFocus('confirm')}
            onClick={remove}
          >
            Delete {name ?? id}
          </button>{' '}
          <button
            type="button"
            className="button"
            onClick={() => {
              focusNext.current = 'delete';
              setConfirming(false);
            }}
          >
            Keep account
          </button>
        </fieldset>
      )}
      {account.data && !gone && <p className="small muted">Status: {account.data.status}</p>}
      {standing.readOnlyReason && taskId === undefined && !deletion && (
        <p className="small muted" data-testid="account-reason">
          {gone ? 'Deleted (here, by an event or in another tab).' : 'Its deletion was started elsewhere.'}{' '}
          Its spend controls are read-only.
        </p>
      )}
      {deletion && taskId === undefined && (
        <p className="small notice" role="status" data-testid="deletion-queued">
          Deletion of {name ?? id} kept in this browser: it is sent when the service can be reached.
        </p>
      )}
      {taskId && <TaskProgress task={task} error={error} />}
      {requestError !== undefined && <ErrorPanel error={requestError} context={`Deleting ${id}`} />}
      {account.status === 'error' && !gone && <ErrorPanel error={account.error} context={`Loading ${id}`} />}
    </li>
  );
}
