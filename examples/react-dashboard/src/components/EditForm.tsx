import {
  changedFields,
  type EditFields,
  type EditOutcome,
  editConflictOf,
  editFieldsOf,
  editFromForm,
  formatMoney,
  parseAmount,
  spendControlConflictDisplay,
} from '@vstore/dashboard-kit';
import { ConflictPanel, useConflictResolution } from '@vstore/dashboard-kit/react';
import { type SpendControl, useUpdateSpendControl } from '@vstore/react';
import { type FormEvent, useState } from 'react';
import { ErrorPanel } from './ErrorPanel';

/**
 * Sets absolute values, so it edits with `onConflict: 'abort'` from the version it was opened on:
 * another writer's change to other fields is merged, but a change to a field this person also
 * changed stops the save and shows base / yours / theirs, to keep mine or take theirs per field.
 */
export function EditForm({ control }: { control: SpendControl }) {
  const [base, setBase] = useState(control);
  const [form, setForm] = useState(() => editFieldsOf(control));
  const [outcome, setOutcome] = useState<EditOutcome>();
  const { edit, status, error } = useUpdateSpendControl();
  const { conflict, rows, choices, choose, resolved, clearResolved } = useConflictResolution<SpendControl>(
    error,
    spendControlConflictDisplay,
    // Every field decided: the form now starts from theirs, with the kept changes of mine typed in.
    (resolution, theirs) => {
      setBase(theirs);
      setForm(editFieldsOf(resolution.next));
    },
  );
  const mine = changedFields(editFieldsOf(base), form);
  const amount = parseAmount(form.amount);
  // While nothing is typed, the form follows newer versions (React's "adjust state during render").
  if (mine.length === 0 && !conflict && control.version > base.version) {
    setBase(control);
    setForm(editFieldsOf(control));
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The button is disabled then too; Enter in a field must not send what the button would not.
    if (amount === undefined || mine.length === 0 || conflict) return;
    const change = editFromForm(editFieldsOf(base), { ...form }, amount);
    setOutcome(undefined);
    clearResolved();
    const saved = await edit(control.spend_control_id, change.recipe, {
      onConflict: 'abort',
      baseVersion: base.version,
    });
    if (!saved) return;
    setOutcome(change.outcome(saved));
    setBase(saved);
    setForm(editFieldsOf(saved));
  };

  const set = (key: keyof EditFields) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

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
        disabled={mine.length === 0 || amount === undefined || status === 'pending' || Boolean(conflict)}
        data-testid="edit-save"
      >
        {status === 'pending' ? 'Saving…' : 'Save changes'}
      </button>
      {conflict && (
        <ConflictPanel rows={rows} choices={choices} onChoose={choose} subject={control.spend_control_id} />
      )}
      {resolved && (
        <p className="notice ok" role="status" data-testid="conflict-resolved">
          {resolved}
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
              other fields
              {outcome.attempts > 1
                ? ` and were re-applied after the service reported the overlap (${outcome.attempts} attempts)`
                : ''}
              , so both are kept.
            </>
          ) : (
            <strong>Saved as version {outcome.version}.</strong>
          )}
        </div>
      )}
      {status === 'error' && !editConflictOf(error) && (
        <ErrorPanel error={error} context={`Saving ${control.spend_control_id}`} action="write" />
      )}
      <p className="muted small">Current limit: {formatMoney(control.limit)}</p>
    </form>
  );
}
