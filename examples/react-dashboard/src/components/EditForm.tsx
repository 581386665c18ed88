import {
  conflictRows,
  describeResolution,
  type EditFields,
  editFieldsOf,
  formatMoney,
  formPatch,
  formResolutionNext,
  parseAmount,
  spendControlConflictDisplay,
  theirChanges,
  UPDATABLE,
} from '@vstore/dashboard-kit';
import { ConflictPanel } from '@vstore/dashboard-kit/react';
import {
  type ConflictChoice,
  type EditConflict,
  EditConflictError,
  resolveConflict,
  type SpendControl,
  threeWayDiff,
  useOutbox,
  useUpdateSpendControl,
} from '@vstore/react';
import { type FormEvent, useState } from 'react';
import { useAppOutbox, useOnline } from '../offline';
import { ErrorPanel } from './ErrorPanel';

interface Outcome {
  version: number;
  /** What someone else changed meanwhile that the save kept, as "field: before → after". */
  theirs: string[];
}

/**
 * Sets absolute values from the version it was opened on. A change another writer made meanwhile
 * to a field this person also changed stops the save before anything is stored: base / yours /
 * theirs, to keep mine or take theirs per field (core's `threeWayDiff` and `resolveConflict`).
 * Otherwise the change goes through the outbox: every reader shows it at once, offline too, and it
 * is sent until it lands; one the outbox itself finds in conflict shows in "Changes waiting".
 */
export function EditForm({ control }: { control: SpendControl }) {
  const [base, setBase] = useState(control);
  const [form, setForm] = useState(() => editFieldsOf(control));
  const [outcome, setOutcome] = useState<Outcome>();
  const [conflict, setConflict] = useState<EditConflict<SpendControl>>();
  const [resolved, setResolved] = useState<string>();
  const online = useOnline();
  const outbox = useAppOutbox();
  const { mutate, status, error } = useUpdateSpendControl({ outbox });
  // A change of this control the outbox holds as a conflict, to resolve in "Changes waiting".
  const held = useOutbox(outbox).conflicts.some((entry) => entry.entityId === control.spend_control_id);
  const patch = formPatch(base, form);
  const changed = Object.keys(patch).length > 0;
  const amount = parseAmount(form.amount);
  // While nothing is typed, the form follows what readers show (React's "adjust state during render").
  if (!changed && !conflict && control !== base && control.version >= base.version) {
    setBase(control);
    setForm(editFieldsOf(control));
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The button is disabled then too; Enter in a field must not send what the button would not.
    if (amount === undefined || !changed || conflict) return;
    const mine = { ...base, ...patch };
    const found = threeWayDiff(base, mine, control, UPDATABLE).conflicts;
    setOutcome(undefined);
    setResolved(undefined);
    if (found.length > 0) {
      setConflict({ fields: found, base, mine, theirs: control });
      return;
    }
    // Shown at once by every reader, and kept until it lands: the form starts again from there.
    setBase(mine);
    setForm(editFieldsOf(mine));
    const saved = await mutate(control.spend_control_id, patch);
    if (saved) setOutcome({ version: saved.version, theirs: theirChanges(base, patch, saved) });
  };

  // Every field decided: the form starts from theirs, with the kept changes of mine typed in.
  const decide = (choices: Readonly<Record<string, ConflictChoice>>) => {
    if (!conflict) return;
    const next = resolveConflict(conflict, choices);
    const rows = conflictRows(conflict, spendControlConflictDisplay);
    setResolved(describeResolution(rows, choices, formResolutionNext(next.fields.length > 0)));
    setBase(conflict.theirs);
    setForm(editFieldsOf(next.next));
    setConflict(undefined);
  };

  const set = (key: keyof EditFields) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  // A conflict the outbox found and the person resolved as theirs ends the save with
  // EditConflictError: that was their choice, said in "Changes waiting", not a failure to show here.
  const failed = status === 'error' && !(error instanceof EditConflictError);

  return (
    <form className="edit-form" onSubmit={submit} data-testid="edit-form">
      <h3>Edit</h3>
      <p className="muted small">
        Editing from version {base.version}
        {control.version > base.version && (
          <span data-testid="edit-behind"> · version {control.version} has arrived meanwhile</span>
        )}
      </p>
      <div className="form-grid">
        <label>
          Name
          <input value={form.name} onChange={set('name')} data-testid="edit-name" />
        </label>
        <label>
          Limit ({control.limit?.currency ?? 'USD'})
          <input
            type="number"
            min="0"
            value={form.amount}
            onChange={set('amount')}
            aria-invalid={amount === undefined}
            data-testid="edit-amount"
          />
          {amount === undefined && (
            <span className="field-error" role="alert" data-testid="edit-amount-error">
              Enter a limit: a number of 0 or more.
            </span>
          )}
        </label>
        <label>
          Status
          <select value={form.status} onChange={set('status')} data-testid="edit-status">
            <option value="active">active</option>
            <option value="paused">paused</option>
          </select>
        </label>
        <label>
          Interval
          <select value={form.interval} onChange={set('interval')} data-testid="edit-interval">
            <option value="daily">daily</option>
            <option value="weekly">weekly</option>
            <option value="monthly">monthly</option>
          </select>
        </label>
      </div>
      <button
        type="submit"
        className="button primary"
        disabled={!changed || amount === undefined || Boolean(conflict)}
        data-testid="edit-save"
      >
        Save changes
      </button>
      {conflict && (
        <ConflictPanel
          conflict={conflict}
          display={spendControlConflictDisplay}
          subject={control.spend_control_id}
          nextStep="nothing is sent until you save again."
          onDecided={decide}
        />
      )}
      {resolved && (
        <p className="notice ok" role="status" data-testid="conflict-resolved">
          {resolved}
        </p>
      )}
      {(status === 'pending' || held) && (
        <p className={`notice${held ? ' warn' : ''}`} role="status" data-testid="edit-pending">
          {held
            ? 'Not sent yet: someone else changed the same field meanwhile. Choose what to keep under "Changes waiting".'
            : online
              ? 'Sending your change…'
              : 'Saved in this browser: every view shows it, and it is sent when you are back online.'}
        </p>
      )}
      {outcome && status === 'success' && (
        <div
          className={`notice ${outcome.theirs.length ? 'warn' : 'ok'}`}
          role="status"
          data-testid="edit-outcome"
        >
          {outcome.theirs.length ? (
            <>
              <strong>Saved as version {outcome.version}, on top of someone else's change.</strong> While you
              were editing, another writer changed <em>{outcome.theirs.join('; ')}</em>. Your changes touch
              other fields, so both are kept.
            </>
          ) : (
            <strong>Saved as version {outcome.version}.</strong>
          )}
        </div>
      )}
      {failed && <ErrorPanel error={error} context={`Saving ${control.spend_control_id}`} action="write" />}
      <p className="muted small">Current limit: {formatMoney(control.limit)}</p>
    </form>
  );
}
